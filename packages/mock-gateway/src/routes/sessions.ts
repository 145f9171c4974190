/**
 * Payment sessions: POST /api/sessions (Embedded Fields) and POST /api/hosted-payment-page,
 * plus GET /api/sessions/{id}, which the frames and the hosted page read (our addition).
 *
 * Their rules are in sessions/sessions.ts. Decided where the spec is silent (README): a
 * session lives `session_lifetime_s` (30 min); using it later answers 422 with processing code
 * 1005. A reference is unique per terminal: asking again with the same reference, amount and
 * currency while the first session is open returns it; anything else with that reference is
 * a 422. `metadata` is accepted and carried into the session's transactions, so tests can
 * drive the simulators.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { BEARER, BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import { findMerchant, type GatewayContext } from '../context';
import { invalid } from '../api-error';
import { requireCustomer } from '../customers/customer-binding';
import { findSession, hppLanguage, isTrue, normalizeHppOptions, openSession, sessionStatus } from '../sessions/sessions';
import { createHostedPageSchema, createSessionSchema, getSessionSchema } from './schemas/sessions';

export function registerSessionRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/sessions', { schema: createSessionSchema, config: { auth: BEARER } }, async (request) => {
    const { merchantId } = callerOf(request);
    const body = request.body;
    if (body.customer?.id) await requireCustomer(ctx, merchantId, body.customer.id, 'customer.id');
    const record = await openSession(ctx, merchantId, body, {
      kind: 'EMBEDDED_FIELDS',
      returnUrl: body.return_url,
      country: body.country ?? null,
      hpp: null,
      cvvLess: isTrue(body.options?.cvv_less),
    });
    return record.session;
  });

  app.post('/hosted-payment-page', { schema: createHostedPageSchema, config: { auth: BEARER } }, async (request) => {
    const { merchantId } = callerOf(request);
    const body = request.body;
    const language = body.language === undefined ? null : hppLanguage(body.language);
    if (language === undefined) {
      throw invalid('language', 'must be one of English, Bosanski, Romana, Svenska', [body.language ?? '']);
    }
    if (body.customer_id) await requireCustomer(ctx, merchantId, body.customer_id, 'customer_id');
    if (body.customer?.id && body.customer.id !== body.customer_id) {
      throw invalid('customer.id', 'must be the customer_id of the page', [body.customer.id]);
    }
    const record = await openSession(ctx, merchantId, body, {
      kind: 'HPP',
      returnUrl: body.success_url,
      country: null,
      hpp: {
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        error_url: body.error_url,
        language,
        options: normalizeHppOptions(body.options ?? {}),
        customer_id: body.customer_id ?? null,
      },
      cvvLess: false,
    });
    return {
      redirect_url: `${ctx.urls.gateway}/hpp/${record.session.id}`,
      session_id: record.session.id,
      expires_at: new Date(record.expires_at_ms).toISOString(),
    };
  });

  /** What a browser needs to render a checkout for the session; never secrets. */
  app.get('/sessions/:id', { schema: getSessionSchema, config: { auth: BEARER_OR_CLIENT_KEY } }, async (request) => {
    const { merchantId } = callerOf(request);
    const record = await findSession(ctx, merchantId, request.params.id);
    const merchant = findMerchant(ctx, merchantId)!;
    const terminal = ctx.config.terminals.find((t) => t.id === record.session.terminal_id);
    return {
      ...record.session,
      status: await sessionStatus(ctx, record),
      kind: record.kind,
      expires_at: new Date(record.expires_at_ms).toISOString(),
      merchant: { name: merchant.name, branding: merchant.branding, default_language: merchant.default_language },
      payment_methods: terminal?.payment_methods ?? [],
      hpp: record.hpp && { language: record.hpp.language, options: record.hpp.options, customer_id: record.hpp.customer_id },
    };
  });
}
