/**
 * GET /api/sessions/{id}/payment-methods (our addition): the alternative payment methods a
 * browser may offer for this session — enabled on its terminal (spec: "must be enabled on
 * the terminal by the account manager") and fitting its order (provider-x-local: PLN and
 * PURCHASE only; every redirect method PURCHASE only) — each with the shopper data its
 * `payment_method.data` requires, and the session's customer to pre-populate it (spec:
 * POST /api/sessions, `customer` pre-populates). Client key or bearer.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { fittingAlternativeMethods, type AlternativeMethodFamily, type MethodDataField } from '@payments/core';
import { BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { sessionPaymentMethodsSchema } from './schemas/sessions';
import { findSession, sessionStatus } from '../sessions/sessions';

export interface SessionPaymentMethodsResponse {
  session_id: string;
  status: string;
  currency: string;
  amount: number;
  transaction_type: string;
  payment_methods: { type: string; family: AlternativeMethodFamily; data: readonly MethodDataField[] }[];
  /** Only what the methods' data asks for; null when the session has no customer. */
  customer: { email: string | null; first_name: string | null; last_name: string | null } | null;
}

export function registerSessionPaymentMethodRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/sessions/:id/payment-methods', { schema: sessionPaymentMethodsSchema, config: { auth: BEARER_OR_CLIENT_KEY } }, async (request): Promise<SessionPaymentMethodsResponse> => {
    const { merchantId } = callerOf(request);
    const record = await findSession(ctx, merchantId, request.params.id);
    const { session } = record;
    const terminal = ctx.config.terminals.find((t) => t.id === session.terminal_id);
    const usable = terminal?.active === true && terminal.accepting_payments;
    const methods = usable
      ? fittingAlternativeMethods(terminal.payment_methods, { currency: session.currency, transactionType: session.transaction_type })
      : [];
    const customer = session.customer;
    return {
      session_id: session.id,
      status: await sessionStatus(ctx, record),
      currency: session.currency,
      amount: session.amount,
      transaction_type: session.transaction_type,
      payment_methods: methods.map(({ type, family, data }) => ({ type, family, data })),
      customer: customer ? { email: customer.email, first_name: customer.first_name, last_name: customer.last_name } : null,
    };
  });
}
