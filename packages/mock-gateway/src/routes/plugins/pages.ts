/**
 * The pages: what a shopper's browser loads from the gateway (the 3-D Secure notification
 * pages, the gateway's own authentication pages; on a running gateway also the frames, the
 * hosted page, the bundles, the dashboard's page and the docs) and, on the simulators'
 * origin, the ACS and providers' pages. Their hooks: the public parts' (http/part-hooks.ts);
 * the hosted page's documents add no-store (routes/hosted-page-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { registerAcsRoutes, registerGatewayAuthenticationPages } from '../../acs/acs-routes';
import { registerProviderRoutes } from '../../acs/provider-routes';
import type { BundlePaths } from '../../bundles';
import type { GatewayContext } from '../../context';
import { registerDashboardPage } from '../../dashboard/page';
import { publicPartHooks } from '../../http/part-hooks';
import { registerDocsRoutes } from '../docs';
import { registerFrameRoutes } from '../frames';
import { registerHostedPageRoutes } from '../hosted-page-routes';
import { registerStaticRoutes } from '../static-bundles';
import { registerThreeDsPages } from '../three-ds-pages';
import { registerVersionedScriptRoutes } from '../versioned-script';

/** The gateway's own 3-D Secure pages (every gateway has them). */
export function gatewayPagesPlugin(ctx: GatewayContext) {
  return async function gatewayPages(app: FastifyInstance): Promise<void> {
    publicPartHooks(app, ctx);
    registerThreeDsPages(app, ctx);
    registerGatewayAuthenticationPages(app, ctx);
  };
}

/** What a running gateway serves from its builds (server.ts): bundles, frames, hosted page, dashboard page, docs. */
export function servedPagesPlugin(ctx: GatewayContext, bundles: BundlePaths, options: { blankFrame: boolean }) {
  return async function servedPages(app: FastifyInstance): Promise<void> {
    publicPartHooks(app, ctx);
    registerStaticRoutes(app, bundles);
    registerVersionedScriptRoutes(app, bundles.embeddedFields);
    registerFrameRoutes(app, ctx, bundles.embeddedFields, { blankFrame: options.blankFrame });
    registerHostedPageRoutes(app, ctx, { dist: bundles.hostedPage });
    registerDashboardPage(app, bundles.dashboard);
    registerDocsRoutes(app, bundles);
  };
}

/** The simulators' origin: the ACS's and the redirect providers' pages. */
export function acsPlugin(ctx: GatewayContext) {
  return async function simulators(app: FastifyInstance): Promise<void> {
    publicPartHooks(app, ctx);
    registerAcsRoutes(app, ctx);
    registerProviderRoutes(app, ctx);
  };
}
