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
import { isLocaleTag, type LocaleTag } from '@payments/core';
import type { GatewayClient } from '@payments/testing';
import { CURRENCY, basketTotal } from '../shared/basket';
import type { OrderStatus } from '../shared/api-types';
import { orderDescription, withLang } from '../shared/i18n';
import { canceledOutcome, checkingOutcome, describeOutcome, notPaidOutcome, startFailedOutcome, type ShopperOutcome } from '../shared/outcome';
import { orderReference } from './checkout';
import type { OrderBook } from './order-book';
import { checkedOrder, sendOutcomePage } from './orders';
import { renderOutcomePage } from './outcome-page';
import { shopperLocale } from './shopper-locale';

export interface HostedCheckoutOptions {
  gateway: GatewayClient;
  /** The shop's orders: one is kept per hosted page the gateway made. */
  orders: OrderBook;
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
      // The page's language picker fills the form's `locale`; else the shopper's cookie or browser.
      const requested = request.body?.locale;
      const locale = isLocaleTag(requested) ? requested : shopperLocale(request);
      const shop = options.publicUrl();
      const reference = orderReference();
      // The shop's pages the shopper comes back to, in the same language, with the order number.
      const back = (outcome: HostedOutcome) => `${withLang(`${shop}/checkout/hosted/${outcome}`, locale)}&order=${reference}`;
      let page: Awaited<ReturnType<GatewayClient['createHostedPage']>>;
      try {
        page = await options.gateway.createHostedPage({
          terminal_id: 'TERM00001',
          reference,
          description: orderDescription(locale),
          amount: basketTotal(),
          currency: CURRENCY,
          transaction_type: 'PURCHASE',
          success_url: back('success'),
          cancel_url: back('cancel'),
          error_url: back('error'),
          // The gateway accepts locale tags as `language`.
          language: locale,
        });
      } catch (error) {
        request.log.error({ err: error }, 'creating the hosted payment page failed');
        const html = renderOutcomePage(options.returnTemplate, locale, startFailedOutcome(locale));
        return sendOutcomePage(reply.code(502), html, null, startFailedOutcome(locale));
      }
      // Kept before the shopper is sent to pay: nobody can pay for an order the shop has not written down.
      await options.orders.create({ reference, channel: 'hosted', locale, amount: basketTotal(), currency: CURRENCY, sessionId: page.session_id });
      return reply.redirect(page.redirect_url, 303);
    });
  });

  for (const outcome of OUTCOMES) {
    app.get<{ Querystring: { transaction_id?: string; order?: string } }>(`/checkout/hosted/${outcome}`, async (request, reply) => {
      const locale = shopperLocale(request);
      const checked = await checkedOrder(options.gateway, request);
      const shown = hostedOutcome(locale, outcome, checked, orderNumber(request.query.order));
      return sendOutcomePage(reply, renderOutcomePage(options.returnTemplate, locale, shown), checked, shown);
    });
  }
}

/** The order number the shop put in its own return URL (its format only: it is shown). */
function orderNumber(value: unknown): string | null {
  return typeof value === 'string' && /^NW-[A-Z0-9-]{1,37}$/.test(value) ? value : null;
}

/** What the shop says: the verified status decides; a cancel without an approved payment is its own case. */
export function hostedOutcome(
  locale: LocaleTag,
  outcome: HostedOutcome,
  checked: OrderStatus | null | 'check-failed',
  reference: string | null,
): ShopperOutcome {
  if (checked === 'check-failed') return checkingOutcome(locale);
  const verified = checked?.found ? describeOutcome(locale, checked) : undefined;
  if (verified && (verified.tone === 'approved' || verified.tone === 'pending')) return verified;
  if (outcome === 'cancel') return canceledOutcome(locale, checked?.reference ?? reference);
  // No transaction to check (e.g. the session expired on the hosted page): the order we made.
  if (!verified && reference) return notPaidOutcome(locale, reference);
  return verified ?? describeOutcome(locale, null);
}
