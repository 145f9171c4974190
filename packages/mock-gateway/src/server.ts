/**
 * Starts a gateway on real ports: the API on `port`, the ACS and providers on `acsPort`
 * (default port + 1). Port 0 picks free ports (one gateway per test worker).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createGateway, type Gateway, type GatewayOptions } from './app';
import { bundlePaths, type BundlePaths } from './bundles';
import { loadConfig, type GatewayConfig } from './config';
import type { GatewayContext } from './context';
import { openStore } from './store/open-store';
import { importSnapshot } from './store/snapshot';
import { servedPagesPlugin } from './routes/plugins/pages';

export interface StartOptions extends Omit<GatewayOptions, 'urls'> {
  host?: string;
  port?: number;
  acsPort?: number;
  webhookUrl?: string;
  configFile?: string;
  /** Serve other builds than the package's own, e.g. a locally built Embedded Fields (`--bundles`). */
  bundles?: Partial<BundlePaths>;
  /**
   * Keep state in the embedded durable store in this directory (`--data DIR`): it survives
   * restarts and crashes. Without it (and without `store`), state is in memory.
   */
  data?: string;
  /**
   * The addresses browsers and merchants reach this gateway by, when that is not its own
   * listener (a load balancer, a container's port mapping): written into redirect_url,
   * acs_url, frame and page URLs, CSP and the test routes' host check. Origins only.
   */
  publicUrl?: string;
  publicAcsUrl?: string;
  /** Keep state in this shared Postgres (`--database-url postgres://…`): replicas share it. */
  databaseUrl?: string;
  /** Start from this snapshot file (`--snapshot FILE`, `GET /__mock/snapshot`): loaded into a store with no records. */
  snapshot?: string;
  /** Serve /frames/blank, the bench's empty frame of the gateway's origin (`--blank-frame`). */
  blankFrame?: boolean;
}

export interface RunningGateway extends Gateway {
  url: string;
  acsUrl: string;
}

export async function startGateway(options: StartOptions = {}): Promise<RunningGateway> {
  const advertised = { gateway: publicOrigin(options.publicUrl, 'publicUrl'), acs: publicOrigin(options.publicAcsUrl, 'publicAcsUrl') };
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const config: GatewayConfig = options.config ?? loadConfig(options.configFile);
  if (options.webhookUrl !== undefined) config.webhook_url = options.webhookUrl;
  const extend = options.extend;
  const bundles = bundlePaths(options.bundles);
  const store = options.store ?? (await openStore({ data: options.data, databaseUrl: options.databaseUrl }));
  if (options.snapshot !== undefined) {
    try {
      await importSnapshot(store, options.snapshot);
    } catch (error) {
      if (!options.store) await store.close();
      throw error;
    }
  }
  const gw = createGateway({
    ...options,
    store,
    config,
    extend: (api, ctx) => {
      registerServedRoutes(api, ctx, bundles, { blankFrame: options.blankFrame ?? false });
      extend?.(api, ctx);
    },
  });
  await gw.ctx.keys.warmUp(); // the first authorizes must not wait for decrypt threads to boot
  await gw.api.listen({ host, port });
  const apiPort = (gw.api.server.address() as AddressInfo).port;
  const acsPort = options.acsPort ?? (port === 0 ? 0 : apiPort + 1);
  await gw.acs.listen({ host, port: acsPort });
  const actualAcsPort = (gw.acs.server.address() as AddressInfo).port;
  // Listening on every interface (a container): browsers reach it through loopback port mappings.
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  gw.ctx.urls.gateway = advertised.gateway ?? `http://${publicHost}:${apiPort}`;
  gw.ctx.urls.acs = advertised.acs ?? `http://${publicHost}:${actualAcsPort}`;
  gw.ctx.webhooks.setUrl(config.webhook_url);
  return { ...gw, url: gw.ctx.urls.gateway, acsUrl: gw.ctx.urls.acs };
}

/** What a running gateway serves besides the API: the bundles, frames, hosted page and dashboard page. */
export function registerServedRoutes(
  api: FastifyInstance,
  ctx: GatewayContext,
  bundles: BundlePaths = bundlePaths(),
  options: { blankFrame?: boolean } = {},
): void {
  api.register(servedPagesPlugin(ctx, bundles, { blankFrame: options.blankFrame ?? false }));
}

/** An http(s) origin as given (without a trailing slash), or a clear error. */
function publicOrigin(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) origin such as https://sandbox.example.com, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`${name} must be an http(s) origin such as https://sandbox.example.com, got "${value}"`);
  }
  return url.origin;
}
