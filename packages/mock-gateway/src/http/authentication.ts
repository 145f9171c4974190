/**
 * Who is calling (spec: Authentication): a merchant's backend with a bearer token, or a
 * browser with the merchant's public client key. A hook of the API plugin: a route names what
 * it accepts in its config (`config: { auth: BEARER }`), the hook authenticates before the
 * handler runs (after the body's validation, as the handlers did), and the handler reads
 * `callerOf(request)`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import { AuthError } from '../api-error';

/** What a route accepts: merchant credentials (a bearer token), the client key too, a scope. */
export interface AuthRequirement {
  clientKey?: boolean;
  scope?: string;
}

/** Merchant credentials only. */
export const BEARER: AuthRequirement = {};
/** Merchant credentials or the public client key (the browser's calls). */
export const BEARER_OR_CLIENT_KEY: AuthRequirement = { clientKey: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type Principal =
  | { kind: 'bearer'; merchantId: string; scopes: string[] }
  | { kind: 'client_key'; merchantId: string };

/**
 * Authenticates a request. `clientKey: true` also accepts the public `X-Client-Key`
 * header (Embedded Fields frames); backend-only calls leave it false.
 */
async function authenticate(
  ctx: GatewayContext,
  request: FastifyRequest,
  options: AuthRequirement,
): Promise<Principal> {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) {
    const token = await ctx.store.token(header.replace(/^Bearer\s+/i, '').trim());
    if (!token || token.refresh) throw new AuthError(401, 'invalid_token', 'The access token is not valid.');
    if (token.expires_at_ms <= ctx.clock.now()) throw new AuthError(401, 'invalid_token', 'The access token has expired.');
    if (options.scope && !token.scopes.includes(options.scope)) {
      throw new AuthError(403, 'insufficient_scope', `The API client needs permission ${options.scope}.`);
    }
    return { kind: 'bearer', merchantId: token.merchant_id, scopes: token.scopes };
  }
  const clientKey = request.headers['x-client-key'];
  if (typeof clientKey === 'string' && clientKey !== '') {
    if (!options.clientKey) {
      throw new AuthError(401, 'invalid_token', 'This call needs merchant credentials, not the public client key.');
    }
    const merchant = ctx.config.merchants.find((m) => m.client_key === clientKey);
    if (!merchant?.active) throw new AuthError(401, 'invalid_client', 'Unknown client key.');
    return { kind: 'client_key', merchantId: merchant.id };
  }
  throw new AuthError(401, 'invalid_request', 'Send Authorization: Bearer <ACCESS_TOKEN>.');
}

/** Exchanges a refresh token once: the token, forgotten in the same unit of work; undefined if unknown or used. */

/** The plugin's hook: each route with `config.auth` authenticates its caller before its handler. */
export function authenticateCallers(app: FastifyInstance, ctx: GatewayContext): void {
  app.decorateRequest('principal', undefined);
  app.addHook('preHandler', async (request) => {
    const requirement = request.routeOptions.config.auth;
    if (requirement) request.principal = await authenticate(ctx, request, requirement);
  });
}

/** The caller the hook authenticated (a route without `config.auth` has none: a programming error). */
export function callerOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`${request.routeOptions.url ?? request.url} has no config.auth`);
  return request.principal;
}
