/**
 * The API part: the token endpoint (/oauth/token), every /api/ call (registered under that
 * prefix: each route file names the path after it) and the webhook keys (/.well-known). Its
 * hooks, for all three: the public parts' (http/part-hooks.ts), `Cache-Control: no-store` on
 * every answer, and the authentication each route names in its config (http/authentication.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context';
import { authenticateCallers } from '../../http/authentication';
import { noStore } from '../../http/no-store';
import { publicPartHooks } from '../../http/part-hooks';
import { registerAuthRoutes } from '../auth';
import { registerAuthorizeRoutes } from '../authorize';
import { registerCustomerRoutes } from '../customers';
import { registerEncryptionKeyRoutes } from '../encryption-key';
import { registerManageRoutes } from '../manage';
import { registerPaymentMethodRoutes } from '../payment-methods';
import { registerPaymentRoutes } from '../payments';
import { registerPayoutRoutes } from '../payouts';
import { registerSavedCardRoutes } from '../saved-cards';
import { registerSessionPaymentMethodRoutes } from '../session-payment-methods';
import { registerSessionRoutes } from '../sessions';
import { registerStatusRoutes } from '../status';
import { registerThreeDsRoutes } from '../three-ds';
import { registerWebhookKeyRoutes } from '../webhook-keys';

export function apiPlugin(ctx: GatewayContext) {
  return async function api(app: FastifyInstance): Promise<void> {
    publicPartHooks(app, ctx);
    noStore(app);
    authenticateCallers(app, ctx);
    registerAuthRoutes(app, ctx);
    app.register(apiCalls(ctx), { prefix: '/api' });
    // After the calls (children load in order): the document lists the keys last, as the spec does.
    app.register(async (keys) => registerWebhookKeyRoutes(keys, ctx));
  };
}

/** Every /api/ call (the spec's API), each route file's paths after the prefix. */
function apiCalls(ctx: GatewayContext) {
  return async function calls(app: FastifyInstance): Promise<void> {
    registerSessionRoutes(app, ctx);
    registerSessionPaymentMethodRoutes(app, ctx);
    registerEncryptionKeyRoutes(app, ctx);
    registerAuthorizeRoutes(app, ctx);
    registerThreeDsRoutes(app, ctx);
    registerPaymentRoutes(app, ctx);
    registerPayoutRoutes(app, ctx);
    registerManageRoutes(app, ctx);
    registerStatusRoutes(app, ctx);
    registerCustomerRoutes(app, ctx);
    registerPaymentMethodRoutes(app, ctx);
    registerSavedCardRoutes(app, ctx);
  };
}
