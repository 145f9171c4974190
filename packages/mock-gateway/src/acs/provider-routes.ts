/**
 * The redirect providers' pages (wallet and bank redirects, provider-x-local, provider-y,
 * and the payment endpoint's OPEN_BANKING and WALLETS), on the simulators' origin. A tester
 * approves, declines or abandons; the shopper returns to return_url, error_url or
 * cancel_url with transaction_id and status; an abandoned payment stays PENDING (spec).
 */
import type { FastifyInstance } from 'fastify';
import { formatAmount } from '@payments/core';
import { findMerchant, type GatewayContext } from '../context';
import { html, sendPage } from '../http/html';
import type { TransactionRecord } from '../store/records';
import { returnUrlFor } from '../three-ds/engine';
import { settlePending } from '../transactions/settle';
import { returnOrigins } from './acs-routes';

export function providerName(record: TransactionRecord): string {
  const type = record.transaction.payment_method.type;
  if (type.startsWith('provider-y-redirect-')) return `Provider Y · ${type.slice('provider-y-redirect-'.length).toUpperCase()}`;
  const names: Record<string, string> = {
    'wallet-a-redirect': 'Wallet A',
    'wallet-b-redirect': 'Wallet B',
    'bank-network-redirect': 'Bank network',
    'openbanking-redirect': 'Open banking',
    'provider-x-local': 'Provider X · BLIK',
  };
  return names[type] ?? (record.transaction.payment_method.method ?? type).replace(/_/g, ' ');
}

export function registerProviderRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { id: string } }>('/provider/:id', async (request, reply) => {
    const record = ctx.store.transactions.get(request.params.id);
    if (!record) return sendPage(reply, { title: 'Payment', body: html`<main><p>Unknown payment.</p></main>` }, 404);
    if (record.transaction.status !== 'PENDING') return reply.redirect(returnUrlFor(record), 303);
    const tx = record.transaction;
    const needsBlik = tx.payment_method.type === 'provider-x-local' && !record.blik_code_given;
    return sendPage(reply, {
      title: providerName(record),
      formAction: returnOrigins(record),
      body: html`<main><div class="card">
  <p><span class="badge">Test provider</span></p>
  <h1>${providerName(record)}</h1>
  <p class="amount">${formatAmount(tx.amount, tx.currency, 'en-US')}</p>
  <p class="muted">${findMerchant(ctx, tx.merchant_id)?.name ?? ''} · ${tx.description}</p>
  <form method="post">
    ${needsBlik ? html`<label for="blik">BLIK code</label><input id="blik" name="blik_code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6">` : ''}
    <div class="actions">
      <button class="primary" type="submit" name="outcome" value="approve">Approve</button>
      <button class="danger" type="submit" name="outcome" value="decline">Decline</button>
      <button class="secondary" type="submit" name="outcome" value="abandon">Abandon</button>
    </div>
  </form>
</div></main>`,
    });
  });

  app.post<{ Params: { id: string }; Body: { outcome?: string; blik_code?: string } }>('/provider/:id', async (request, reply) => {
    const record = ctx.store.transactions.get(request.params.id);
    if (!record) return sendPage(reply, { title: 'Payment', body: html`<main><p>Unknown payment.</p></main>` }, 404);
    const outcome = request.body?.outcome;
    if (record.transaction.status === 'PENDING' && (outcome === 'approve' || outcome === 'decline')) {
      const blikMissing = record.transaction.payment_method.type === 'provider-x-local' && !record.blik_code_given && !/^\d{6}$/.test(request.body.blik_code ?? '');
      settlePending(ctx, record, outcome === 'approve' && !blikMissing ? 'approve' : 'decline');
    }
    const base = outcome === 'abandon' ? record.cancel_url : record.transaction.approved ? record.return_url : record.error_url;
    return reply.redirect(returnUrlFor(record, base ?? record.return_url), 303);
  });
}
