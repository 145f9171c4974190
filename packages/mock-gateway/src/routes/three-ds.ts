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
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  decodeBase64Json,
  encodeBase64Json,
  gatewayPageTexts,
  tryDecodeBase64Json,
  type ExecutionResponse,
  type TransStatus,
} from '@payments/core';
import type { GatewayContext } from '../context';
import { invalid } from '../api-error';
import { autoPostForm, html, originOf, sendPage } from '../http/html';
import type { TransactionRecord } from '../store/records';
import { withTransaction } from '../store/locks';
import { completeChallenge, requestAuthentication, returnUrlFor } from '../payments/three-ds/engine';
import { shopperLocale } from '../acs/shopper-locale';
import { authenticate } from './auth';
import { authenticationCompletedSchema, requestAuthenticationSchema } from './schemas/transactions';

export function registerThreeDsRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/api/transactions/three-ds/:id/request-authentication', { schema: requestAuthenticationSchema },
    async (request) => {
      const found = await ownedByCaller(ctx, request, request.params.id, 'threeDsServerTransId');
      return withTransaction(ctx, found.transaction.id, (record) => requestAuthentication(ctx, record ?? found, request.body));
    },
  );

  app.post('/api/transactions/three-ds/authentication-completed', { schema: authenticationCompletedSchema },
    async (request) => {
      const found = await ownedByCaller(ctx, request, request.body.session_id, 'session_id');
      // payment_data: required except after a Direct API notification_url override, where
      // the merchant only has the CRes (the spec leaves it "not shown"; README).
      const overridden = found.integration_type === 'DIRECT_API' && !found.three_ds?.notification_url.startsWith(ctx.urls.gateway);
      if (request.body.payment_data === undefined && !overridden) throw invalid('payment_data', 'is required');
      return withTransaction(ctx, found.transaction.id, (record) => completeChallenge(ctx, record ?? found, request.body));
    },
  );

  app.post<{ Params: { id: string } }>('/three-ds/:id/method-notification', async (request, reply) => {
    const record = await withTransaction(ctx, request.params.id, (found) => {
      if (found?.three_ds) found.three_ds.method_completed = true;
      return found;
    });
    const lang = await shopperLocale(ctx, record, request);
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
  const cres = tryDecodeBase64Json<{ threeDSServerTransID: string; transStatus: string }>(request.body?.cres) ?? {};
  const framed = request.headers['sec-fetch-dest'] === 'iframe' || request.headers['sec-fetch-dest'] === 'frame';
  // Decided and stored first; the browser is answered once it is committed.
  const step = await withTransaction(ctx, request.params.id, (record): NotificationStep => {
    if (!record?.three_ds || cres.threeDSServerTransID !== record.three_ds.server_trans_id) return { kind: 'unknown', record };
    if (framed || record.three_ds.stage !== 'CHALLENGE') return { kind: 'recorded', record };
    // Full-page challenge: finish here with the ACS's record (the CRes's transStatus is not
    // believed); a CRes for a challenge the ACS never completed decides nothing.
    const status: TransStatus | null = record.three_ds.acs_result;
    if (status === null) return { kind: 'not-completed', record };
    return { kind: 'completed', record, response: completeChallenge(ctx, record, { trans_status: status }) };
  });
  return challengeNotificationPage(ctx, request, reply, step);
}

type NotificationStep =
  | { kind: 'unknown'; record: TransactionRecord | undefined }
  | { kind: 'recorded' | 'not-completed'; record: TransactionRecord }
  | { kind: 'completed'; record: TransactionRecord; response: ExecutionResponse };

async function challengeNotificationPage(
  ctx: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
  step: NotificationStep,
): Promise<FastifyReply> {
  const lang = await shopperLocale(ctx, step.record, request);
  const t = gatewayPageTexts(lang);
  switch (step.kind) {
    case 'unknown':
      return sendPage(reply, { title: t.verificationTitle, lang, body: html`<main><p>${t.verificationUnknown}</p></main>` }, 422);
    case 'recorded':
      return sendPage(reply, {
        title: t.verificationTitle,
        lang,
        body: html`<main><p class="muted" role="status">${t.verificationComplete}</p></main>`,
        frameAncestors: allowedFramers(ctx, step.record),
      });
    case 'not-completed':
      return sendPage(reply, { title: t.verificationTitle, lang, body: html`<main><p>${t.verificationNotCompleted}</p></main>` }, 422);
    case 'completed':
      break;
  }
  const { record, response } = step;
  if (response.action && record.three_ds) {
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
async function ownedByCaller(ctx: GatewayContext, request: FastifyRequest, serverTransId: string, property: string): Promise<TransactionRecord> {
  const principal = await authenticate(ctx, request, { clientKey: true });
  const record = await ctx.store.transactionByThreeDsServerId(serverTransId);
  if (!record || record.transaction.merchant_id !== principal.merchantId) {
    throw invalid(property, 'Unknown 3-D Secure transaction', [serverTransId]);
  }
  return record;
}

/** Who may frame the challenge and its notification page: the merchant's page, or the hosted page. */
export function allowedFramers(ctx: GatewayContext, record: TransactionRecord): string[] {
  return [...new Set([originOf(record.originator_url), ctx.urls.gateway].filter(Boolean))];
}
