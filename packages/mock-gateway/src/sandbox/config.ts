/**
 * POST /__mock/config's settings (webhook URL, retry schedule, lifetimes) for the whole
 * sandbox: applied to this gateway's config and, on a shared store, kept in the store for the
 * other replicas (they reload it through sandbox/revision.ts). They last until changed again;
 * a gateway alone on its store starts from its command line each time.
 */
import type { GatewayConfig } from '../config';
import type { GatewayContext } from '../context';
import { bumpSandboxRevision, sandboxLock } from './revision';

export type SandboxConfig = Partial<
  Pick<GatewayConfig, 'webhook_url' | 'webhook_retry_base_ms' | 'webhook_retry_horizon_ms' | 'token_lifetime_s' | 'session_lifetime_s'>
>;

const SETTING = 'sandbox-config';

export async function changeSandboxConfig(ctx: GatewayContext, change: SandboxConfig): Promise<void> {
  const { store } = ctx;
  if (!store.shared) {
    Object.assign(ctx.config, change);
    return;
  }
  const merged = await store.atomic([sandboxLock], async () => {
    const next = { ...((await store.setting<SandboxConfig>(SETTING)) ?? {}), ...change };
    store.putSetting(SETTING, next);
    await bumpSandboxRevision(store);
    return next;
  });
  Object.assign(ctx.config, merged);
}

/** What another replica set (shared stores). */
export async function loadSandboxConfig(ctx: GatewayContext): Promise<void> {
  if (!ctx.store.shared) return;
  Object.assign(ctx.config, (await ctx.store.setting<SandboxConfig>(SETTING)) ?? {});
}
