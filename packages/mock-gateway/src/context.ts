/**
 * Everything a route module needs, built once per gateway and passed explicitly (no
 * globals), so several gateways can run in one process (one per test worker).
 */
import type { CardKeys } from './card-keys';
import type { Clock } from './sandbox/clock';
import type { Sandbox } from './sandbox/sandbox';
import type { GatewayConfig, MerchantConfig, TerminalConfig } from './config';
import type { Store } from './store/store';
import type { WebhookOutbox } from './webhooks/outbox';

export interface GatewayUrls {
  /** The gateway's own origin, e.g. http://127.0.0.1:4010 (set once listening). */
  gateway: string;
  /** The ACS and provider simulators' origin, e.g. http://127.0.0.1:4011. */
  acs: string;
}

export interface GatewayContext {
  config: GatewayConfig;
  store: Store;
  clock: Clock;
  /** The sandbox-wide settings and fault rules (the clock among them), shared by replicas. */
  sandbox: Sandbox;
  keys: CardKeys;
  webhooks: WebhookOutbox;
  urls: GatewayUrls;
}

export function findMerchant(ctx: GatewayContext, merchantId: string): MerchantConfig | undefined {
  return ctx.config.merchants.find((m) => m.id === merchantId);
}

export function findTerminal(ctx: GatewayContext, terminalId: string): TerminalConfig | undefined {
  return ctx.config.terminals.find((t) => t.id === terminalId);
}
