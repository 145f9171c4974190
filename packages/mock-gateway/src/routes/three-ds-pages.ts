/**
 * The gateway's own 3-D Secure pages (the API calls are three-ds.ts):
 *  - POST /three-ds/{id}/method-notification          (the ACS method page posts here)
 *  - POST /three-ds/{id}/…/challenge-notification-url  (the default CRes targets, per integration)
 *
 * A CRes arriving as a top-level navigation is the full-page challenge: the gateway
 * finishes the authentication itself and sends the browser to return_url. Inside an iframe
 * it only records it: the page that framed the challenge calls authentication-completed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeBase64Json, encodeBase64Json, gatewayPageTexts } from '@payments/core';
import type { GatewayContext } from '../context';
import { autoPostForm, html, originOf, sendPage } from '../http/html';
import { withTransaction } from '../store/locks';
import { returnUrlFor } from '../payments/three-ds/engine';
import { allowedFramers } from '../http/frame-ancestors';
import { recordChallengeNotification, type NotificationStep } from '../payments/three-ds/notification';
import { shopperLocale } from '../acs/shopper-locale';

export function registerThreeDsPages(app: FastifyInstance, ctx: GatewayContext): void {
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
  const framed = request.headers['sec-fetch-dest'] === 'iframe' || request.headers['sec-fetch-dest'] === 'frame';
  const step = await recordChallengeNotification(ctx, request.params.id, request.body?.cres, framed);
  return challengeNotificationPage(ctx, request, reply, step);
}

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

