/**
 * The ACS simulator, on an origin of its own (spec: 3-D Secure calls):
 *  - POST /acs/3ds-method       threeDSMethodData in; posts back to the method notification URL
 *  - POST /acs/challenge        CReq in; Approve and Decline; CRes out to the notification URL,
 *                               and the CHALLENGE_RESPONSE message to the page that framed it
 * and, on the gateway's own origin (registerGatewayAuthenticationPages):
 *  - GET|POST /acs/redirect/:id the full-page redirect step, Approve and Decline
 *  - POST /acs/form-submit      the form-submit target
 * Pages are sized by challengeWindowSize (01–05) and carry a strict CSP. Every page speaks the
 * shopper's language (shopper-locale.ts; words from core's gateway-pages catalogs).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CHALLENGE_WINDOW_SIZES,
  tryDecodeBase64Json,
  encodeBase64UrlJson,
  formatAmount,
  formatMessage,
  gatewayPageTexts,
  type ChallengeRequest,
  type ChallengeResponseMessage,
  type GatewayPageTexts,
  type LocaleTag,
  type TransStatus,
} from '@payments/core';
import { findMerchant, type GatewayContext } from '../context';
import { autoPostForm, html, originOf, scriptJson, sendPage, type SafeHtml } from '../http/html';
import type { TransactionRecord } from '../store/records';
import { withThreeDsTransaction, withTransaction } from '../store/locks';
import { completeAtAcs, returnUrlFor } from '../payments/three-ds/engine';
import { noteThreeDsStep } from '../payments/three-ds/steps';
import { allowedFramers } from '../http/frame-ancestors';
import { shopperLocale } from './shopper-locale';

type Form = Record<string, string | undefined>;

export function registerAcsRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post<{ Body: Form }>('/acs/3ds-method', async (request, reply) => {
    const data =
      tryDecodeBase64Json<{ threeDSServerTransID: string; threeDSMethodNotificationURL: string }>(request.body?.threeDSMethodData) ?? {};
    const record = data.threeDSServerTransID ? await ctx.store.transactionByThreeDsServerId(data.threeDSServerTransID) : undefined;
    const target = data.threeDSMethodNotificationURL ?? '';
    const lang = await shopperLocale(ctx, record, request);
    const t = gatewayPageTexts(lang);
    // Only ever post back to the gateway's own notification URL for this transaction.
    if (!record || target !== `${ctx.urls.gateway}/three-ds/${record.transaction.id}/method-notification`) {
      return errorPage(reply, lang, t.verificationUnknown);
    }
    const form = autoPostForm(target, { threeDSMethodData: request.body.threeDSMethodData ?? '' }, t.continue);
    return sendPage(reply, { title: t.verificationTitle, lang, ...form, formAction: [originOf(target)], frameAncestors: allowedFramers(ctx, record) });
  });

  app.post<{ Body: Form }>('/acs/challenge', async (request, reply) => {
    const creq = tryDecodeBase64Json<ChallengeRequest>(request.body?.creq) ?? {};
    const record = creq.threeDSServerTransID ? await ctx.store.transactionByThreeDsServerId(creq.threeDSServerTransID) : undefined;
    const state = record?.three_ds;
    const lang = await shopperLocale(ctx, record, request);
    const t = gatewayPageTexts(lang);
    if (!record || !state || state.stage !== 'CHALLENGE' || creq.acsTransID !== state.acs_trans_id || creq.messageType !== 'CReq') {
      return errorPage(reply, lang, t.verificationInvalid);
    }
    const asked = creq.challengeWindowSize ?? state.challenge_window_size;
    const size = Object.hasOwn(CHALLENGE_WINDOW_SIZES, asked) ? CHALLENGE_WINDOW_SIZES[asked] : CHALLENGE_WINDOW_SIZES['05'];
    const round = state.rounds + 1;
    return sendPage(reply, {
      title: t.verifyTitle,
      lang,
      style: `main { width: ${size.width}; max-width: 100%; min-height: ${size.height}; }`,
      frameAncestors: allowedFramers(ctx, record),
      body: html`<main>
  <div class="card">
    <p><span class="badge">${t.testIssuer}</span></p>
    <h1>${t.verifyTitle}</h1>
    ${summary(ctx, record, lang)}
    <p>${round > 1 ? t.verifyAgain : t.verifyIntro}</p>
    <form method="post" action="/acs/challenge/result">
      <input type="hidden" name="three_ds_server_trans_id" value="${state.server_trans_id}">
      <input type="hidden" name="acs_trans_id" value="${state.acs_trans_id}">
      ${decisionButtons(t)}
    </form>
  </div>
</main>`,
    });
  });

  app.post<{ Body: Form }>('/acs/challenge/result', async (request, reply) => {
    const transStatus: TransStatus = request.body?.outcome === 'approve' ? 'Y' : 'N';
    // The RReq (what the issuer tells the 3DS server) is stored before the shopper sees the result.
    const record = await withThreeDsTransaction(ctx, request.body?.three_ds_server_trans_id ?? '', (found) => {
      const state = found?.three_ds;
      if (!found || !state || state.stage !== 'CHALLENGE' || request.body.acs_trans_id !== state.acs_trans_id) return undefined;
      state.acs_result = transStatus;
      noteThreeDsStep(ctx, found, 'challenge_answered', 'issuer', transStatus);
      return found;
    });
    return challengeResultPage(ctx, request, reply, record, transStatus);
  });
}

async function challengeResultPage(
  ctx: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
  record: TransactionRecord | undefined,
  transStatus: TransStatus,
): Promise<FastifyReply> {
  const lang = await shopperLocale(ctx, record, request);
  const t = gatewayPageTexts(lang);
  const state = record?.three_ds;
  if (!record || !state) return errorPage(reply, lang, t.verificationDone);
  const message: ChallengeResponseMessage = { type: 'CHALLENGE_RESPONSE', trans_status: transStatus };
  const cres = encodeBase64UrlJson({
    threeDSServerTransID: state.server_trans_id,
    acsTransID: state.acs_trans_id,
    messageType: 'CRes',
    messageVersion: '2.2.0',
    transStatus,
  });
  const form = autoPostForm(state.notification_url, { cres }, t.continue);
  // The message goes only to the origin that may frame this challenge for this transaction.
  const parentOrigin = record.integration_type === 'HPP' ? ctx.urls.gateway : originOf(record.originator_url);
  const script =
    `if (window.parent !== window) { window.parent.postMessage(${scriptJson(JSON.stringify(message))}, ${scriptJson(parentOrigin)}); }\n` +
    form.script;
  return sendPage(reply, {
    title: transStatus === 'Y' ? t.verifiedTitle : t.notVerifiedTitle,
    lang,
    body: html`<main><p class="muted" role="status">${transStatus === 'Y' ? t.verifiedLine : t.notVerifiedLine}</p>${form.body}</main>`,
    script,
    formAction: [originOf(state.notification_url)],
    frameAncestors: allowedFramers(ctx, record),
  });
}

/**
 * The simplified simulator's full-page steps (spec, Test cards: "redirect to gateway page with
 * approve and decline"; form_submit "posting trans_status ... to the gateway"): on the
 * GATEWAY's origin, registered on the API app. The outcome is decided server-side.
 */
export function registerGatewayAuthenticationPages(app: FastifyInstance, ctx: GatewayContext): void {
  app.get<{ Params: { id: string } }>('/acs/redirect/:id', async (request, reply) => {
    const record = await ctx.store.transaction(request.params.id);
    const lang = await shopperLocale(ctx, record, request);
    const t = gatewayPageTexts(lang);
    if (!record?.three_ds) return errorPage(reply, lang, t.verificationUnknown);
    if (record.three_ds.stage !== 'REDIRECT') return reply.redirect(returnUrlFor(record), 303);
    return sendPage(reply, {
      title: t.verifyTitle,
      lang,
      body: html`<main><div class="card">
  <p><span class="badge">${t.testIssuer}</span></p>
  <h1>${t.verifyTitle}</h1>
  ${summary(ctx, record, lang)}
  <p>${t.redirectIntro}</p>
  <form method="post">
    ${decisionButtons(t)}
  </form>
</div></main>`,
      formAction: returnOrigins(record),
    });
  });

  app.post<{ Params: { id: string }; Body: Form }>('/acs/redirect/:id', async (request, reply) => {
    const record = await withTransaction(ctx, request.params.id, (found) => {
      if (found?.three_ds?.stage === 'REDIRECT') completeAtAcs(ctx, found, request.body?.outcome === 'approve' ? 'Y' : 'N');
      return found;
    });
    if (!record?.three_ds) return unknownVerification(ctx, request, reply);
    return reply.redirect(returnUrlFor(record), 303);
  });

  app.post<{ Body: Form }>('/acs/form-submit', async (request, reply) => {
    const record = await withThreeDsTransaction(ctx, request.body?.threeDSSessionData ?? '', (found) => {
      // The simulator's decision, kept server-side, decides: a posted field cannot approve.
      if (found?.three_ds?.stage === 'FORM_SUBMIT') completeAtAcs(ctx, found, found.three_ds.expected_trans_status ?? 'N');
      return found;
    });
    if (!record?.three_ds) return unknownVerification(ctx, request, reply);
    return reply.redirect(returnUrlFor(record), 303);
  });
}

function summary(ctx: GatewayContext, record: TransactionRecord, lang: LocaleTag): SafeHtml {
  const tx = record.transaction;
  const merchant = findMerchant(ctx, tx.merchant_id);
  const card = record.card ? formatMessage(gatewayPageTexts(lang).cardEnding, { last4: record.card.last4 }) : '';
  return html`<p class="amount">${formatAmount(tx.amount, tx.currency, lang)}</p>
    <p class="muted">${[merchant?.name ?? '', card].filter(Boolean).join(' · ')}</p>`;
}

/** The issuer's two answers (the challenge and redirect pages). */
export function decisionButtons(t: GatewayPageTexts): SafeHtml {
  return html`<div class="actions">
      <button class="primary" type="submit" name="outcome" value="approve">${t.approve}</button>
      <button class="danger" type="submit" name="outcome" value="decline">${t.decline}</button>
    </div>`;
}

export function returnOrigins(record: TransactionRecord): string[] {
  return [record.return_url, record.error_url, record.cancel_url, record.originator_url]
    .map((u) => (u ? originOf(u) : ''))
    .filter(Boolean);
}

/** No such verification: said in the language the browser asks for (there is no record). */
async function unknownVerification(ctx: GatewayContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const lang = await shopperLocale(ctx, undefined, request);
  return errorPage(reply, lang, gatewayPageTexts(lang).verificationUnknown);
}

function errorPage(reply: FastifyReply, lang: LocaleTag, message: string): FastifyReply {
  const title = gatewayPageTexts(lang).verificationTitle;
  return sendPage(reply, { title, lang, body: html`<main><div class="card"><h1>${title}</h1><p>${message}</p></div></main>` }, 422);
}

