/**
 * POST /api/checkout and GET /api/scenarios: the shop's backend starts an Embedded Fields
 * session with its own credentials (GatewayClient: token, then POST /api/sessions) and gives
 * the page only what the browser may hold: the session id and the public client key.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, LOCALES } from '@payments/core';
import type { GatewayClient } from '@payments/testing';
import { CURRENCY, basketTotal } from '../shared/basket';
import type { ApiProblem, CheckoutRequest, CheckoutResponse, ScenariosResponse } from '../shared/api-types';
import { orderDescription, withLang } from '../shared/i18n';
import type { ShopperAccounts } from './accounts';
import type { OrderBook } from './order-book';
import { DEFAULT_SCENARIO_ID, findScenario, publicScenarios } from './scenarios';

export interface CheckoutOptions {
  gateway: GatewayClient;
  /** The gateway's origin, for the page (it loads embedded-fields.js from there). */
  gatewayUrl: string;
  /** The public client key (x-client-key). */
  clientKey: string;
  /** The shop's own origin (known once listening): return_url and originator_url. */
  publicUrl: () => string;
  /** Shopper profiles: a session for a profile carries its gateway customer (saved cards). */
  accounts?: ShopperAccounts;
  /** The shop's orders: one is kept per checkout the gateway accepted. */
  orders: OrderBook;
}

const checkoutSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    locale: { type: 'string', enum: [...LOCALES] },
    scenario: { type: 'string', minLength: 1, maxLength: 80 },
    accountId: { type: 'string', pattern: '^[a-f0-9]{32}$' },
  },
} as const;

/** A merchant order reference: unique per terminal, at most 40 characters (spec). */
export function orderReference(): string {
  return `NW-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export function registerCheckoutRoutes(app: FastifyInstance, options: CheckoutOptions): void {
  app.get('/api/scenarios', async (): Promise<ScenariosResponse> => ({
    defaultScenario: DEFAULT_SCENARIO_ID,
    scenarios: publicScenarios(),
  }));

  app.post<{ Body: CheckoutRequest }>(
    '/api/checkout',
    {
      schema: { body: checkoutSchema },
      // Every field is optional, so is the body: `curl -X POST /api/checkout` starts a default checkout.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const scenario = findScenario(request.body.scenario ?? DEFAULT_SCENARIO_ID);
      if (!scenario) {
        const problem: ApiProblem = { error: 'unknown_scenario', message: 'Unknown test scenario.' };
        return reply.code(400).send(problem);
      }
      const account = request.body.accountId ? options.accounts?.customerOf(request.body.accountId) : undefined;
      if (request.body.accountId && !account) {
        const problem: ApiProblem = { error: 'unknown_account', message: 'We could not find your saved cards. Create your profile again.' };
        return reply.code(400).send(problem);
      }
      const locale = request.body.locale ?? DEFAULT_LOCALE;
      let session: Awaited<ReturnType<GatewayClient['createSession']>>;
      try {
        session = await options.gateway.createSession({
          terminal_id: scenario.terminalId,
          reference: orderReference(),
          description: orderDescription(locale),
          currency: scenario.order?.currency ?? CURRENCY,
          amount: scenario.order?.amount ?? basketTotal(),
          // With a profile: its gateway customer, so a card saved now is linked to it (spec).
          ...(account
            ? { customer: { id: account.customerId, email: account.email, first_name: account.firstName, last_name: account.lastName } }
            : {}),
          transaction_type: 'PURCHASE',
          // The return page speaks the shopper's language even without the page's cookie.
          return_url: withLang(`${options.publicUrl()}/return`, locale),
          originator_url: options.publicUrl(),
          ...(scenario.metadata ? { metadata: scenario.metadata } : {}),
        });
      } catch (error) {
        request.log.error({ err: error }, 'creating the payment session failed');
        const problem: ApiProblem = {
          error: 'gateway_unavailable',
          message: 'The payment service could not start your checkout. Please try again in a moment.',
        };
        return reply.code(502).send(problem);
      }
      // Kept before the page gets the session: nobody can pay for an order the shop has not written down.
      await options.orders.create({
        reference: session.reference,
        channel: 'embedded',
        locale,
        amount: session.amount,
        currency: session.currency,
        sessionId: session.id,
      });
      const answer: CheckoutResponse = {
        sessionId: session.id,
        clientKey: options.clientKey,
        environment: 'test',
        gatewayUrl: options.gatewayUrl,
        locale,
        scenario: scenario.id,
        reference: session.reference,
        amount: session.amount,
        currency: session.currency,
      };
      return answer;
    },
  );
}
