/**
 * The redirect providers' pages (wallet and bank redirects, provider-x-local, provider-y,
 * and the payment endpoint's OPEN_BANKING and WALLETS), on the simulators' origin, in the
 * shopper's language (shopper-locale.ts). A tester approves, declines or abandons; the
 * shopper returns to return_url, error_url or cancel_url with transaction_id and status.
 *
 * Abandon is the shopper leaving the payment there; they go to cancel_url with the status
 * it has then (payments/settle.ts, abandonPending). A bank redirect stays PENDING (the
 * spec: never cancelled automatically, it ends when the bank reports), so the shop's page
 * says the bank has not confirmed it yet. A wallet, local-scheme or Provider Y payment is
 * ended CANCELED by its provider (1003, with its webhook), so the shop's page can offer
 * another try. A shopper who simply never comes back leaves any of them PENDING.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatAmount, gatewayPageTexts, messages, type LocaleTag } from '@payments/core';
import { findMerchant, type GatewayContext } from '../context';
import { html, sendPage } from '../http/html';
import type { TransactionRecord } from '../store/records';
import { withTransaction } from '../store/locks';
import { returnUrlFor } from '../payments/three-ds/engine';
import { abandonPending, settlePending } from '../payments/settle';
import { decisionButtons, returnOrigins } from './acs-routes';
import { shopperLocale } from './shopper-locale';

/** The method's name as the shopper knows it: a brand, or the bank method's name in their language. */
export function providerName(record: TransactionRecord, lang: LocaleTag): string {
  const type = record.transaction.payment_method.type;
  if (type.startsWith('provider-y-redirect-')) return `Provider Y · ${type.slice('provider-y-redirect-'.length).toUpperCase()}`;
  const methods = messages(lang).alternativeMethods;
  const names: Record<string, string> = {
    'wallet-a-redirect': 'Wallet A',
    'wallet-b-redirect': 'Wallet B',
    'bank-network-redirect': methods.bankNetwork,
    'openbanking-redirect': methods.openBanking,
    'provider-x-local': 'Provider X · BLIK',
  };
  return names[type] ?? (record.transaction.payment_method.method ?? type).replace(/[_-]/g, ' ');
}

function unknownPayment(reply: FastifyReply, lang: LocaleTag): FastifyReply {
  const t = gatewayPageTexts(lang);
  return sendPage(reply, { title: t.paymentTitle, lang, body: html`<main><div class="card"><h1>${t.paymentTitle}</h1><p>${t.paymentUnknown}</p></div></main>` }, 404);
}

export function registerProviderRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { id: string } }>('/provider/:id', async (request, reply) => {
    const record = await ctx.store.transaction(request.params.id);
    const lang = await shopperLocale(ctx, record, request);
    if (!record) return unknownPayment(reply, lang);
    if (record.transaction.status !== 'PENDING') return reply.redirect(returnUrlFor(record), 303);
    const t = gatewayPageTexts(lang);
    const tx = record.transaction;
    const needsBlik = tx.payment_method.type === 'provider-x-local' && !record.blik_code_given;
    const name = providerName(record, lang);
    return sendPage(reply, {
      title: name,
      lang,
      formAction: returnOrigins(record),
      body: html`<main><div class="card">
  <p><span class="badge">${t.testProvider}</span></p>
  <h1>${name}</h1>
  <p class="amount">${formatAmount(tx.amount, tx.currency, lang)}</p>
  <p class="muted">${[findMerchant(ctx, tx.merchant_id)?.name ?? '', tx.description].filter(Boolean).join(' · ')}</p>
  <p>${t.providerIntro}</p>
  <form method="post">
    ${needsBlik
      ? html`<label for="blik">${t.blikCode}</label><input id="blik" name="blik_code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" aria-describedby="blik-hint"><p class="muted" id="blik-hint">${t.blikHint}</p>`
      : ''}
    ${decisionButtons(t)}
    <div class="actions"><button class="secondary" type="submit" name="outcome" value="abandon">${t.abandon}</button></div>
  </form>
</div></main>`,
    });
  });

  app.post<{ Params: { id: string }; Body: { outcome?: string; blik_code?: string } }>('/provider/:id', async (request, reply) => {
    const outcome = request.body?.outcome;
    // Decided and stored first; the shopper is sent on only once it is committed.
    const record = await withTransaction(ctx, request.params.id, (found) => {
      if (found) providerOutcome(ctx, found, outcome, request.body?.blik_code);
      return found;
    });
    if (!record) return unknownPayment(reply, await shopperLocale(ctx, record, request));
    const base = outcome === 'abandon' ? record.cancel_url : record.transaction.approved ? record.return_url : record.error_url;
    return reply.redirect(returnUrlFor(record, base ?? record.return_url), 303);
  });
}

/** The shopper's answer on the provider's page, under the payment's lock. */
function providerOutcome(ctx: GatewayContext, record: TransactionRecord, outcome: string | undefined, blikCode: string | undefined): void {
  if (record.transaction.status === 'PENDING' && (outcome === 'approve' || outcome === 'decline')) {
    const blikMissing = record.transaction.payment_method.type === 'provider-x-local' && !record.blik_code_given && !/^\d{6}$/.test(blikCode ?? '');
    settlePending(ctx, record, outcome === 'approve' && !blikMissing ? 'approve' : 'decline');
  }
  if (record.transaction.status === 'PENDING' && outcome === 'abandon') abandonPending(ctx, record);
}
