/**
 * POST /oauth/token (the spec's {auth_url}): OAuth 2 client credentials, form-encoded.
 * Tokens are opaque, live `token_lifetime_s` (300 s as in the test environment) by the
 * gateway's clock, and carry the client's permissions as `scope`.
 *
 * Decided where the spec is silent: an authorization failure is HTTP 401 (403 for a
 * missing permission) with `{error, error_description}`; `grant_type=refresh_token`
 * exchanges the refresh token for a new pair; an optional `scope` narrows the permissions.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { MerchantConfig } from '../config';
import type { GatewayContext } from '../context';
import { AuthError } from '../api-error';
import { tokenLock } from '../store/locks';
import type { AccessToken } from '../store/records';
import { tokenSchema } from './schemas/service';

/** The base scope every API client has; permissions add to it. */
const BASE_SCOPE = 'payments';

export function registerAuthRoutes(fastify: FastifyInstance, ctx: GatewayContext): void {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/oauth/token',
    { schema: tokenSchema },
    async (request) => {
      // Spec: the token endpoint takes application/x-www-form-urlencoded (JSON is refused).
      if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
        throw new AuthError(415, 'invalid_request', 'The token endpoint accepts application/x-www-form-urlencoded only.');
      }
      const body = request.body;
      let merchant: MerchantConfig | undefined;
      let granted: string[];
      if (body.grant_type === 'client_credentials') {
        merchant = ctx.config.merchants.find(
          (m) => m.client_id === body.client_id && m.client_secret === body.client_secret,
        );
        if (!merchant) throw new AuthError(401, 'invalid_client', 'Unknown client_id or wrong client_secret.');
        granted = [BASE_SCOPE, ...merchant.permissions];
      } else if (body.grant_type === 'refresh_token') {
        const entry = body.refresh_token ? await useRefreshToken(ctx, body.refresh_token) : undefined;
        if (!entry) throw new AuthError(401, 'invalid_token', 'Unknown or used refresh_token.');
        merchant = ctx.config.merchants.find((m) => m.id === entry.merchant_id);
        granted = entry.scopes;
      } else {
        throw new AuthError(401, 'unsupported_grant_type', 'grant_type must be client_credentials.');
      }
      if (!merchant?.active) throw new AuthError(401, 'invalid_client', 'The merchant is inactive.');
      const scopes = body.scope ? granted.filter((s) => body.scope!.split(/\s+/).includes(s)) : granted;
      const accessToken = randomBytes(24).toString('base64url');
      const refreshToken = randomBytes(24).toString('base64url');
      const issued = { merchant_id: merchant.id, client_id: merchant.client_id, scopes };
      await ctx.store.atomic([], async () => {
        ctx.store.put('token', { ...issued, token: accessToken, expires_at_ms: ctx.clock.now() + ctx.config.token_lifetime_s * 1000 });
        // A refresh token does not expire; it is good for one exchange.
        ctx.store.put('token', { ...issued, token: refreshToken, expires_at_ms: Number.MAX_SAFE_INTEGER, refresh: true });
      });
      return {
        access_token: accessToken,
        token_type: 'Bearer',
        refresh_token: refreshToken,
        expires_in: ctx.config.token_lifetime_s,
        scope: scopes.join(' '),
      };
    },
  );
}

/** Who is calling: a merchant backend (bearer token) or a browser (public client key). */
async function useRefreshToken(ctx: GatewayContext, refreshToken: string): Promise<AccessToken | undefined> {
  return ctx.store.atomic([tokenLock(refreshToken)], async () => {
    const entry = await ctx.store.token(refreshToken);
    if (!entry?.refresh) return undefined;
    ctx.store.remove('token', refreshToken);
    return entry;
  });
}
