/**
 * The 3-D Secure calls (spec: 3-D Secure calls) and the gateway's own notification pages:
 *  - POST /api/transactions/three-ds/{threeDsServerTransId}/request-authentication
 *  - POST /api/transactions/three-ds/authentication-completed
 *  - POST /three-ds/{id}/method-notification          (the ACS method page posts here)
 *  - POST /three-ds/{id}/…/challenge-notification-url  (the default CRes targets, per integration)
 *
 * A CRes arriving as a top-level navigation is the full-page challenge: the gateway
 * finishes the authentication itself and sends the browser to return_url. Inside an iframe
 * it only records it: the page that framed the challenge calls authentication-completed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRANS_STATUSES, decodeBase64Json, encodeBase64Json, gatewayPageTexts, tryDecodeBase64Json, type TransStatus } from '@payments/core';
import type { GatewayContext } from '../context';
import { invalid } from '../http/api-error';
import { autoPostForm, html, originOf, sendPage } from '../http/html';
import { str } from '../http/schemas';
import type { TransactionRecord } from '../store/records';
import { completeChallenge, findByThreeDsId, requestAuthentication, returnUrlFor } from '../three-ds/engine';
import { shopperLocale } from '../acs/shopper-locale';
import { authenticate } from './auth';

const transStatus = { type: 'string', enum: TRANS_STATUSES } as const;

export function registerThreeDsRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post<{ Params: { id: string }; Body: { fingerprint_result: string; payment_data: string } }>(
    '/api/transactions/three-ds/:id/request-authentication',
    {
      schema: {
        body: {
          type: 'object',
          required: ['fingerprint_result', 'payment_data'],
          properties: { fingerprint_result: str(1, 16), payment_data: str(1, 512) },
        },
      },
    },
    async (request) => {
      const record = ownedByCaller(ctx, request, request.params.id, 'threeDsServerTransId');
      return requestAuthentication(ctx, record, request.body);
    },
  );

  app.post<{ Body: { payment_data?: string; session_id: string; trans_status: TransStatus } }>(
    '/api/transactions/three-ds/authentication-completed',
    {
      schema: {
        body: {
          type: 'object',
          required: ['session_id', 'trans_status'],
          properties: { payment_data: str(1, 512), session_id: str(1, 64), trans_status: transStatus },
        },
      },
    },
    async (request) => {
      const record = ownedByCaller(ctx, request, request.body.session_id, 'session_id');
      // payment_data: required except after a Direct API notification_url override, where
      // the merchant only has the CRes (the spec leaves it "not shown"; README).
      const overridden = record.integration_type === 'DIRECT_API' && !record.three_ds?.notification_url.startsWith(ctx.urls.gateway);
      if (request.body.payment_data === undefined && !overridden) throw invalid('payment_data', 'is required');
      return completeChallenge(ctx, record, request.body);
    },
  );

  app.post<{ Params: { id: string } }>('/three-ds/:id/method-notification', async (request, reply) => {
    const record = ctx.store.transactions.get(request.params.id);
    if (record?.three_ds) {
      record.three_ds.method_completed = true;
    }
    const lang = shopperLocale(ctx, record, request);
    return sendPage(reply, {
      title: gatewayPageTexts(lang).verificationTitle,
      lang,
      body: html`<main></main>`,
      frameAncestors: record ? allowedFramers(ctx, record) : [],
    });
  });

  for (const path of [
    '/three-ds/:id/challenge-notification-url',
    '/three-ds/:id/embedded-fields/challenge-notification-url',
    '/three-ds/:id/hosted-payment-page/challenge-notification-url',
  ]) {
    app.post<{ Params: { id: string }; Body: { cres?: string } }>(path, async (request, reply) =>
      challengeNotification(ctx, request, reply),
    );
  }
}

async function challengeNotification(
  ctx: GatewayContext,
  request: FastifyRequest<{ Params: { id: string }; Body: { cres?: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const record = ctx.store.transactions.get(request.params.id);
  const cres = tryDecodeBase64Json<{ threeDSServerTransID: string; transStatus: string }>(request.body?.cres) ?? {};
  const lang = shopperLocale(ctx, record, request);
  const t = gatewayPageTexts(lang);
  if (!record?.three_ds || cres.threeDSServerTransID !== record.three_ds.server_trans_id) {
    return sendPage(reply, { title: t.verificationTitle, lang, body: html`<main><p>${t.verificationUnknown}</p></main>` }, 422);
  }
  const framed = request.headers['sec-fetch-dest'] === 'iframe' || request.headers['sec-fetch-dest'] === 'frame';
  if (framed || record.three_ds.stage !== 'CHALLENGE') {
    return sendPage(reply, {
      title: t.verificationTitle,
      lang,
      body: html`<main><p class="muted" role="status">${t.verificationComplete}</p></main>`,
      frameAncestors: allowedFramers(ctx, record),
    });
  }
  // Full-page challenge: finish here with the ACS's record (the CRes's transStatus is not
  // believed); a CRes for a challenge the ACS never completed decides nothing.
  if (record.three_ds.acs_result === null) {
    return sendPage(reply, { title: t.verificationTitle, lang, body: html`<main><p>${t.verificationNotCompleted}</p></main>` }, 422);
  }
  const status: TransStatus = record.three_ds.acs_result;
  const response = completeChallenge(ctx, record, { trans_status: status });
  if (response.action) {
    const token = decodeBase64Json<{ acs_url: string }>(response.action.token);
    const state = record.three_ds;
    const form = autoPostForm(
      token.acs_url,
      {
        creq: encodeBase64Json({
          threeDSServerTransID: state.server_trans_id,
          acsTransID: state.acs_trans_id,
          messageVersion: '2.2.0',
          messageType: 'CReq',
          challengeWindowSize: state.challenge_window_size,
        }),
      },
      t.continueToBank,
    );
    return sendPage(reply, { title: t.continueToBank, lang, ...form, formAction: [originOf(token.acs_url)] });
  }
  return reply.redirect(returnUrlFor(record), 303);
}

/** The record for a 3-D Secure id, if the caller's merchant owns it (else a 422, no leak). */
function ownedByCaller(ctx: GatewayContext, request: FastifyRequest, serverTransId: string, property: string): TransactionRecord {
  const principal = authenticate(ctx, request, { clientKey: true });
  const record = findByThreeDsId(ctx, serverTransId);
  if (!record || record.transaction.merchant_id !== principal.merchantId) {
    throw invalid(property, 'Unknown 3-D Secure transaction', [serverTransId]);
  }
  return record;
}

/** Who may frame the challenge and its notification page: the merchant's page, or the hosted page. */
export function allowedFramers(ctx: GatewayContext, record: TransactionRecord): string[] {
  return [...new Set([originOf(record.originator_url), ctx.urls.gateway].filter(Boolean))];
}
