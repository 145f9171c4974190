/**
 * "Pay on the hosted page": the shop's other way to take a payment. POST /api/hosted-checkout
 * (a plain form post from the shop page) creates a hosted-page session with the shop's own
 * credentials (POST /api/hosted-payment-page: the basket, PURCHASE, the shopper's language,
 * and the shop's three return URLs) and sends the browser to the gateway's redirect_url,
 * where the gateway shows the checkout in the merchant's logo and colours.
 *
 * The shopper comes back to GET /checkout/hosted/success, /cancel or /error with
 * transaction_id and status. Like /return, these pages show only what the backend verified
 * with GET /api/transactions/{id}/status: the query's status is never believed.
 */
import type { FastifyInstance } from 'fastify';
import { LOCALES, formatAmount } from '@payments/core';
import type { GatewayClient } from '@payments/testing';
import { BASKET, CURRENCY, basketTotal } from '../shared/basket';
import type { ApiProblem, OrderStatus } from '../shared/api-types';
import { orderReference } from './checkout';
import { renderTemplate } from './html';
import { describeOutcome, isTransactionId, orderStatus, type Outcome } from './orders';

export interface HostedCheckoutOptions {
  gateway: GatewayClient;
  /** The shop's own origin (known once listening). */
  publicUrl: () => string;
  /** demo/public/return.html. */
  returnTemplate: string;
}

const OUTCOMES = ['success', 'cancel', 'error'] as const;
type HostedOutcome = (typeof OUTCOMES)[number];

export function registerHostedCheckoutRoutes(app: FastifyInstance, options: HostedCheckoutOptions): void {
  // Its own scope: only this route takes a form-encoded body.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post<{ Body: { locale?: string } | null }>('/api/hosted-checkout', async (request, reply) => {
      const locale = (LOCALES as readonly string[]).includes(request.body?.locale ?? '') ? request.body!.locale : undefined;
      const shop = options.publicUrl();
      try {
        const page = await options.gateway.createHostedPage({
          terminal_id: 'TERM00001',
          reference: orderReference(),
          description: `Northwind Outfitters order: ${BASKET.map((line) => line.name).join(', ')}`.slice(0, 100),
          amount: basketTotal(),
          currency: CURRENCY,
          transaction_type: 'PURCHASE',
          success_url: `${shop}/checkout/hosted/success`,
          cancel_url: `${shop}/checkout/hosted/cancel`,
          error_url: `${shop}/checkout/hosted/error`,
          // The gateway accepts locale tags as `language`; without one, the merchant's default.
          ...(locale ? { language: locale } : {}),
        });
        return reply.redirect(page.redirect_url, 303);
      } catch (error) {
        request.log.error({ err: error }, 'creating the hosted payment page failed');
        const problem: ApiProblem = {
          error: 'gateway_unavailable',
          message: 'The payment service could not start your checkout. Please try again in a moment.',
        };
        return reply.code(502).send(problem);
      }
    });
  });

  for (const outcome of OUTCOMES) {
    app.get<{ Querystring: { transaction_id?: string } }>(`/checkout/hosted/${outcome}`, async (request, reply) => {
      const id = request.query.transaction_id;
      let order: OrderStatus | null = null;
      let checkFailed = false;
      if (isTransactionId(id)) {
        try {
          order = await orderStatus(options.gateway, id);
        } catch (error) {
          request.log.error({ err: error }, 'checking the transaction status failed');
          checkFailed = true;
        }
      }
      const shown = hostedOutcome(outcome, order, checkFailed);
      const amount = order?.amount != null && order.currency ? formatAmount(order.amount, order.currency, 'en-US') : '—';
      return reply.type('text/html; charset=utf-8').send(
        renderTemplate(options.returnTemplate, {
          tone: shown.tone,
          title: shown.title,
          detail: shown.detail,
          code: shown.code,
          status: order?.status ?? (outcome === 'cancel' ? 'CANCELED' : 'UNKNOWN'),
          reference: order?.reference ?? '—',
          amount,
          transactionId: order?.found ? order.transactionId : '—',
        }),
      );
    });
  }
}

/** What the shop says: the verified status decides; cancel without a payment is its own case. */
export function hostedOutcome(outcome: HostedOutcome, order: OrderStatus | null, checkFailed: boolean): Outcome {
  if (checkFailed) {
    return {
      tone: 'pending',
      title: 'We are checking your payment',
      detail: 'The payment service did not answer. Refresh this page in a moment; do not pay again.',
      code: '',
    };
  }
  const verified = order?.found ? describeOutcome(order) : undefined;
  if (verified && (verified.tone === 'approved' || verified.tone === 'pending')) return verified;
  if (outcome === 'cancel') {
    return { tone: 'unknown', title: 'You canceled the payment', detail: 'Nothing was charged. Your basket is still here when you are ready.', code: '' };
  }
  return verified ?? describeOutcome(null);
}
