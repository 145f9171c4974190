/**
 * POST /__mock/config's settings (webhook URL, retry schedule, lifetimes) for the whole
 * sandbox: applied to this gateway's config and, on a shared store, kept in the store for the
 * other replicas (they reload it through sandbox/revision.ts). They last until changed again;
 * a gateway alone on its store starts from its command line each time.
 */
import type { GatewayConfig } from '../config';
import type { Store } from '../store/store';
import { changeSandboxSetting } from './revision';

export type SandboxConfig = Partial<
  Pick<GatewayConfig, 'webhook_url' | 'webhook_retry_base_ms' | 'webhook_retry_horizon_ms' | 'token_lifetime_s' | 'session_lifetime_s'>
>;

const SETTING = 'sandbox-config';

export async function changeSandboxConfig(store: Store, config: GatewayConfig, change: SandboxConfig): Promise<void> {
  const merged = store.shared ? await changeSandboxSetting<SandboxConfig>(store, SETTING, {}, (stored) => ({ ...stored, ...change })) : change;
  Object.assign(config, merged);
}

/** What another replica set (shared stores). */
export async function loadSandboxConfig(store: Store, config: GatewayConfig): Promise<void> {
  if (!store.shared) return;
  Object.assign(config, (await store.setting<SandboxConfig>(SETTING)) ?? {});
}
