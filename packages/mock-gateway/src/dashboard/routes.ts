/**
 * The dashboard's read side (GET, JSON, never cached), for the page and `mock-gateway listen`:
 *  - GET /dashboard/api/me                       who is looking: merchants visible, operator or not, the CSRF token
 *  - GET /dashboard/api/transactions             ?merchant=&status=&type=&reference=&last4=&from=&to=&limit=, newest first
 *  - GET /dashboard/api/transactions/{id}        the transaction's timeline (timeline.ts)
 *  - GET /dashboard/api/sessions                 ?merchant=&limit= sessions and hosted pages, newest first
 *  - GET /dashboard/api/customers                ?merchant=&limit= customers with their saved cards (masked)
 *  - GET /dashboard/api/deliveries               ?merchant=&failing=true&limit= webhook deliveries, newest first
 *  - GET /dashboard/api/deliveries/{id}          one delivery, its attempts, and its request freshly signed (to copy)
 *  - GET /dashboard/api/live                     ?merchant= server-sent events (live.ts); the operator without `merchant`: every merchant
 *  - POST /dashboard/api/sign-in {client_id, client_secret}, POST /dashboard/api/sign-out
 * Who may see what: access.ts. Every list reads through one of the store's indexes, at most
 * `limit` (default 100, at most 500) records; filters an index does not serve are applied to those.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { ApiError, NotFoundError } from '../api-error';
import { ensureCookie, merchantFor, requireViewer, signIn, signOut, viewerOf, type Viewer } from './access';
import { registerDashboardActions } from './actions';
import { streamLiveEvents } from './live';
import { transactionTimeline } from './timeline';
import { deliveryView } from '../webhooks/delivery-view';
import { customerView, sessionView, transactionView } from './views';

interface ListQuery {
  merchant?: string;
  limit?: string;
}

interface TransactionQuery extends ListQuery {
  status?: string;
  type?: string;
  reference?: string;
  last4?: string;
  from?: string;
  to?: string;
}

const text = (max: number) => ({ type: 'string', maxLength: max });
const LIST_PROPERTIES = { merchant: text(64), limit: { type: 'string', pattern: '^[0-9]{1,3}$' } };

const transactionSchema = {
  querystring: {
    type: 'object',
    properties: { ...LIST_PROPERTIES, status: text(32), type: text(32), reference: text(256), last4: { type: 'string', pattern: '^[0-9]{4}$' }, from: text(64), to: text(64) },
  },
};

function limitOf(query: ListQuery): number {
  return Math.min(Math.max(Number(query.limit ?? 100), 1), 500);
}

/** An ISO date-time filter bound, or a 422 naming the field. */
function timeBound(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ApiError(422, [{ property: name, message: 'must be a date-time such as 2026-11-27T10:00:00Z', params: [value] }]);
  return ms;
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  registerViewerRoutes(app, ctx);
  registerDashboardLists(app, ctx);
}

/** Who is looking: GET /me, sign-in and sign-out. */
function registerViewerRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/dashboard/api/me', async (request, reply) => {
    const found = await ensureCookie(ctx, await viewerOf(ctx, request), reply);
    if (!found) return reply.code(401).send({ signed_in: false, sign_in_required: true });
    return {
      signed_in: found.signedIn !== null,
      operator: found.operator,
      merchants: found.merchants.map((m) => ({ id: m.id, name: m.name })),
      csrf_token: found.csrfToken,
      now: ctx.clock.iso(),
      webhook_url: found.operator ? ctx.config.webhook_url : null,
      faults: found.operator ? ctx.sandbox.faults.list() : [],
    };
  });

  app.post<{ Body: { client_id: string; client_secret: string } }>(
    '/dashboard/api/sign-in',
    {
      schema: {
        body: {
          type: 'object',
          required: ['client_id', 'client_secret'],
          properties: { client_id: text(256), client_secret: text(256) },
        },
      },
    },
    async (request, reply) => {
      const merchant = await signIn(ctx, reply, request.body.client_id, request.body.client_secret);
      if (!merchant) throw new ApiError(401, [{ property: 'client_secret', message: 'Unknown client id or wrong secret', params: [] }]);
      return { signed_in: true, merchant: { id: merchant.id, name: merchant.name } };
    },
  );

  app.post('/dashboard/api/sign-out', async (_request, reply) => {
    signOut(ctx, reply);
    return { signed_in: false };
  });

}

/** The lists, a transaction's timeline, a delivery, the live feed. */
function registerDashboardLists(app: FastifyInstance, ctx: GatewayContext): void {
  const viewer = (request: FastifyRequest): Promise<Viewer> => requireViewer(ctx, request);

  app.get<{ Querystring: TransactionQuery }>('/dashboard/api/transactions', { schema: transactionSchema }, async (request) => {
    const merchant = merchantFor(await viewer(request), request.query.merchant);
    const q = request.query;
    const from = timeBound(q.from, 'from');
    const to = timeBound(q.to, 'to');
    const filter = {
      ...(q.reference ? { reference: q.reference } : {}),
      ...(q.last4 ? { last4: q.last4 } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.type ? { type: q.type } : {}),
    };
    const limit = limitOf(q);
    // The index serves one filter; the rest are applied to what it answers (a few times the limit looked at).
    const records = await ctx.store.merchantTransactions(merchant.id, filter, Object.keys(filter).length > 1 || from || to ? limit * 4 : limit);
    const transactions = records
      .filter((r) => r.transaction.merchant_id === merchant.id)
      .filter((r) => !filter.status || r.transaction.status === filter.status)
      .filter((r) => !filter.type || r.transaction.transaction_type === filter.type)
      .filter((r) => !filter.last4 || r.card?.last4 === filter.last4)
      .filter((r) => (from === undefined || Date.parse(r.created_at) >= from) && (to === undefined || Date.parse(r.created_at) <= to))
      .slice(0, limit)
      .map(transactionView);
    return { merchant_id: merchant.id, transactions };
  });

  app.get<{ Params: { id: string }; Querystring: ListQuery }>('/dashboard/api/transactions/:id', async (request) => {
    const seen = await viewer(request);
    const record = await ctx.store.transaction(request.params.id);
    // Another merchant's transaction is answered exactly as one that does not exist.
    if (!record || !seen.merchants.some((m) => m.id === record.transaction.merchant_id)) throw new NotFoundError(`No transaction ${request.params.id}`);
    return transactionTimeline(ctx, record);
  });

  app.get<{ Querystring: ListQuery }>('/dashboard/api/sessions', { schema: { querystring: { type: 'object', properties: LIST_PROPERTIES } } }, async (request) => {
    const merchant = merchantFor(await viewer(request), request.query.merchant);
    const sessions = await ctx.store.merchantSessions(merchant.id, limitOf(request.query));
    return { merchant_id: merchant.id, sessions: sessions.map(sessionView) };
  });

  app.get<{ Querystring: ListQuery }>('/dashboard/api/customers', { schema: { querystring: { type: 'object', properties: LIST_PROPERTIES } } }, async (request) => {
    const merchant = merchantFor(await viewer(request), request.query.merchant);
    const customers = await ctx.store.merchantCustomers(merchant.id, limitOf(request.query));
    const cards = await Promise.all(customers.map((c) => ctx.store.paymentMethodsOf(merchant.id, c.id)));
    return { merchant_id: merchant.id, customers: customers.map((c, i) => customerView(c, cards[i]!)) };
  });

  app.get<{ Querystring: ListQuery & { failing?: string } }>(
    '/dashboard/api/deliveries',
    { schema: { querystring: { type: 'object', properties: { ...LIST_PROPERTIES, failing: { type: 'string', enum: ['true', 'false'] } } } } },
    async (request) => {
      const merchant = merchantFor(await viewer(request), request.query.merchant);
      const stored = await ctx.store.merchantDeliveries(merchant.id, { failing: request.query.failing === 'true' }, limitOf(request.query));
      return { merchant_id: merchant.id, deliveries: stored.map(deliveryView) };
    },
  );

  app.get<{ Params: { id: string } }>('/dashboard/api/deliveries/:id', async (request) => {
    const seen = await viewer(request);
    const stored = await ctx.store.deliveries.get(request.params.id);
    if (!stored || !seen.merchants.some((m) => m.id === stored.delivery.merchant_id)) throw new NotFoundError(`No webhook delivery ${request.params.id}`);
    return { delivery: deliveryView(stored), signed: await ctx.webhooks.signedRequest(stored.delivery, stored.raw_body) };
  });

  app.get<{ Querystring: { merchant?: string } }>(
    '/dashboard/api/live',
    { schema: { querystring: { type: 'object', properties: { merchant: text(64) } } } },
    async (request, reply) => {
      const seen = await viewer(request);
      const merchants = seen.operator && !request.query.merchant ? seen.merchants : [merchantFor(seen, request.query.merchant)];
      await streamLiveEvents(ctx, reply, merchants.map((m) => m.id));
      return reply;
    },
  );

  registerDashboardActions(app, ctx);
}
