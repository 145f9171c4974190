/**
 * The dashboard's read side (GET, JSON, never cached), for the page and `mock-gateway listen`:
 *  - GET /dashboard/api/me                       who is looking: merchants visible, operator or not, the CSRF token
 *  - GET /dashboard/api/transactions             ?merchant=&status=&type=&reference=&last4=&customer=&from=&to=&limit=&before=,
 *                                                newest first; `older`: the `before=` cursor of the next page (null: the last)
 *  - GET /dashboard/api/transactions/{id}        the transaction's timeline (timeline.ts)
 *  - GET /dashboard/api/sessions                 ?merchant=&limit= sessions and hosted pages, newest first
 *  - GET /dashboard/api/customers                ?merchant=&limit= customers with their saved cards (masked)
 *  - GET /dashboard/api/deliveries               ?merchant=&failing=true&limit= webhook deliveries, newest first
 *  - GET /dashboard/api/deliveries/{id}          one delivery, its attempts, and its request freshly signed (to copy)
 *  - GET /dashboard/api/live                     ?merchant= server-sent events (live.ts); the operator without `merchant`: every merchant
 *  - POST /dashboard/api/sign-in {client_id, client_secret}, POST /dashboard/api/sign-out
 * The part is registered under /dashboard/api (plugin.ts, app.ts): the routes below name what
 * follows that prefix. Who may see what: access.ts. Every list is at most `limit` (default 100, at most 500) records;
 * the transactions' filters, in any combination, are the store's named query (store/transaction-query.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { ApiError, NotFoundError } from '../api-error';
import { decodeCursor, encodeCursor, type TransactionQuery } from '../store/transaction-query';
import { ensureCookie, merchantFor, requireViewer, signIn, signOut, viewerOf, type Viewer } from './access';
import { registerDashboardActions } from './actions';
import type { LiveStreams } from './live';
import { transactionTimeline } from './timeline';
import { deliveryView } from '../webhooks/delivery-view';
import { customerView, sessionView, transactionView } from './views';

interface ListQuery {
  merchant?: string;
  limit?: string;
}

interface TransactionListQuery extends ListQuery {
  status?: string;
  type?: string;
  reference?: string;
  last4?: string;
  customer?: string;
  from?: string;
  to?: string;
  before?: string;
}

const text = (max: number) => ({ type: 'string', maxLength: max });
const LIST_PROPERTIES = { merchant: text(64), limit: { type: 'string', pattern: '^[0-9]{1,3}$' } };

const transactionSchema = {
  querystring: {
    type: 'object',
    properties: { ...LIST_PROPERTIES, status: text(32), type: text(32), reference: text(256), last4: { type: 'string', pattern: '^[0-9]{4}$' }, customer: text(64), from: text(64), to: text(64), before: text(512) },
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

/** The store's query from the list's query string (an empty parameter filters nothing). */
function transactionQuery(merchantId: string, q: TransactionListQuery): TransactionQuery {
  const given = (value: string | undefined) => (value === '' ? undefined : value);
  const before = given(q.before);
  const position = before === undefined ? undefined : decodeCursor(before);
  if (before !== undefined && !position) throw new ApiError(422, [{ property: 'before', message: 'must be the `older` cursor of a previous page', params: [before] }]);
  return {
    merchantId,
    status: given(q.status),
    type: given(q.type),
    reference: given(q.reference),
    last4: given(q.last4),
    customerId: given(q.customer),
    from: timeBound(q.from, 'from'),
    to: timeBound(q.to, 'to'),
    before: position,
    limit: limitOf(q),
  };
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: GatewayContext, live: LiveStreams): void {
  registerViewerRoutes(app, ctx);
  registerDashboardLists(app, ctx, live);
}

/** Who is looking: GET /me, sign-in and sign-out. */
function registerViewerRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/me', async (request, reply) => {
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
    '/sign-in',
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

  app.post('/sign-out', async (_request, reply) => {
    signOut(ctx, reply);
    return { signed_in: false };
  });
}

/** The lists, a transaction's timeline, a delivery, the live feed. */
function registerDashboardLists(app: FastifyInstance, ctx: GatewayContext, live: LiveStreams): void {
  const viewer = (request: FastifyRequest): Promise<Viewer> => requireViewer(ctx, request);

  app.get<{ Querystring: TransactionListQuery }>('/transactions', { schema: transactionSchema }, async (request) => {
    const merchant = merchantFor(await viewer(request), request.query.merchant);
    const page = await ctx.store.merchantTransactions(transactionQuery(merchant.id, request.query));
    return { merchant_id: merchant.id, transactions: page.transactions.map(transactionView), older: page.older && encodeCursor(page.older) };
  });

  app.get<{ Params: { id: string }; Querystring: ListQuery }>('/transactions/:id', async (request) => {
    const seen = await viewer(request);
    const record = await ctx.store.transaction(request.params.id);
    // Another merchant's transaction is answered exactly as one that does not exist.
    if (!record || !seen.merchants.some((m) => m.id === record.transaction.merchant_id)) throw new NotFoundError(`No transaction ${request.params.id}`);
    return transactionTimeline(ctx, record);
  });

  app.get<{ Querystring: ListQuery }>('/sessions', { schema: { querystring: { type: 'object', properties: LIST_PROPERTIES } } }, async (request) => {
    const merchant = merchantFor(await viewer(request), request.query.merchant);
    const sessions = await ctx.store.merchantSessions(merchant.id, limitOf(request.query));
    return { merchant_id: merchant.id, sessions: sessions.map(sessionView) };
  });

  app.get<{ Querystring: ListQuery }>('/customers', { schema: { querystring: { type: 'object', properties: LIST_PROPERTIES } } }, async (request) => {
    const merchant = merchantFor(await viewer(request), request.query.merchant);
    const customers = await ctx.store.merchantCustomers(merchant.id, limitOf(request.query));
    const cards = await Promise.all(customers.map((c) => ctx.store.paymentMethodsOf(merchant.id, c.id)));
    return { merchant_id: merchant.id, customers: customers.map((c, i) => customerView(c, cards[i]!)) };
  });

  app.get<{ Querystring: ListQuery & { failing?: string } }>(
    '/deliveries',
    { schema: { querystring: { type: 'object', properties: { ...LIST_PROPERTIES, failing: { type: 'string', enum: ['true', 'false'] } } } } },
    async (request) => {
      const merchant = merchantFor(await viewer(request), request.query.merchant);
      const stored = await ctx.store.merchantDeliveries(merchant.id, { failing: request.query.failing === 'true' }, limitOf(request.query));
      return { merchant_id: merchant.id, deliveries: stored.map(deliveryView) };
    },
  );

  app.get<{ Params: { id: string } }>('/deliveries/:id', async (request) => {
    const seen = await viewer(request);
    const stored = await ctx.store.deliveries.get(request.params.id);
    if (!stored || !seen.merchants.some((m) => m.id === stored.delivery.merchant_id)) throw new NotFoundError(`No webhook delivery ${request.params.id}`);
    return { delivery: deliveryView(stored), signed: await ctx.webhooks.signedRequest(stored.delivery, stored.raw_body) };
  });

  app.get<{ Querystring: { merchant?: string } }>(
    '/live',
    { schema: { querystring: { type: 'object', properties: { merchant: text(64) } } } },
    async (request, reply) => {
      const seen = await viewer(request);
      const merchants = seen.operator && !request.query.merchant ? seen.merchants : [merchantFor(seen, request.query.merchant)];
      // HEAD (Fastify's twin of this GET): the stream's headers, then the end; a stream it opened would never end.
      if (request.method === 'HEAD') return reply.header('cache-control', 'no-store').type('text/event-stream; charset=utf-8').send();
      await live.stream(reply, merchants.map((m) => m.id));
      return reply;
    },
  );

  registerDashboardActions(app, ctx);
}
