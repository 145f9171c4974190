/**
 * POST /api/transactions/authorize: card, saved card, network token, wallet and redirect
 * payments; PURCHASE, AUTHORIZE, OCT and card PAYOUT (spec: POST /api/transactions/authorize).
 *
 * Two callers: a merchant backend (bearer token, the whole order in the body, DIRECT_API)
 * and the browser (public client key + `session_id`: the Embedded Fields frame or the hosted
 * page; the session supplies the order, its integration type and its metadata).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BEARER_OR_CLIENT_KEY, callerOf } from '../http/authentication';
import type { GatewayContext } from '../context';
import { validateWith } from '../http/validate';
import { authorize } from '../payments/authorize';
import { directOrder, sessionOrder, type AuthorizeOrder } from '../payments/authorize-order';
import {
  directAuthorizeSchema,
  sessionAuthorizeSchemaCvvLess,
  sessionAuthorizeSchemaWithCvv,
  type DirectAuthorizeBody,
  type SessionAuthorizeBody,
} from './schemas/authorize';
import { authorizeSchema } from './schemas/transactions';

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.post('/transactions/authorize', { schema: authorizeSchema, config: { auth: BEARER_OR_CLIENT_KEY } }, async (request) => {
    const principal = callerOf(request);
    const order =
      principal.kind === 'bearer'
        ? directOrder(ctx, principal.merchantId, validateWith<DirectAuthorizeBody>(request, directAuthorizeSchema), request.ip)
        : await browserOrder(ctx, request, principal.merchantId);
    return authorize(ctx, order);
  });
}

/** The browser's order: the session's, with the body checked against the schema the session calls for. */
function browserOrder(ctx: GatewayContext, request: FastifyRequest, merchantId: string): Promise<AuthorizeOrder> {
  const sessionId = (request.body as { session_id?: unknown } | null)?.session_id;
  const read = (cvvLess: boolean) => validateWith<SessionAuthorizeBody>(request, cvvLess ? sessionAuthorizeSchemaCvvLess : sessionAuthorizeSchemaWithCvv);
  return sessionOrder(ctx, merchantId, typeof sessionId === 'string' ? sessionId : '', read, request.ip);
}
