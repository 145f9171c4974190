/**
 * The gateway's fixture: the merchant and terminals every test and the demo rely on.
 * The defaults are a documented contract (README, "Test fixture"); a JSON config file
 * (`--config file.json`) may override any of them.
 */
import { readFileSync } from 'node:fs';

export type TerminalFeature = 'TRX_TYPE_PAYMENT' | 'TRX_TYPE_PAYOUT';
export type SimulatorKind = 'simplified' | 'full';

/** Alternative payment method types a terminal can enable for authorize. */
export const REDIRECT_METHOD_TYPES = [
  'wallet-a-redirect',
  'wallet-b-redirect',
  'bank-network-redirect',
  'openbanking-redirect',
] as const;

export const PROVIDER_Y_CODES = [
  'ali', 'blt', 'chp', 'gir', 'glu', 'gfc', 'obt', 'npy', 'ntl', 'onb', 'pgf', 'psc', 'pch', 'pwy',
  'gch', 'grp', 'cns', 'dna', 'lnj', 'mah', 'spx', 'khp', 'spi', 'sft', 'epd', 'wlt', 'idl',
] as const;

export interface MerchantConfig {
  id: string;
  name: string;
  client_id: string;
  client_secret: string;
  /** The public client key (x-client-key) used by Embedded Fields in the browser. */
  client_key: string;
  /** Permissions of the API client; `payment_method:detach` allows DELETE /api/payment-methods. */
  permissions: string[];
  active: boolean;
  tokenization: boolean;
  branding: {
    logo_url: string;
    primary_color: string;
    background_color: string;
    text_color: string;
  };
  /** One of English, Bosanski, Romana, Svenska. */
  default_language: string;
  /**
   * The key of `payment_method.hash` (HMAC-SHA-256 of the card number). Never sent anywhere;
   * generated per gateway when not set, so set it to keep hashes stable across restarts.
   */
  card_hash_secret?: string;
  /** Declined attempts one session or hosted page allows before authorize is refused (default 10). */
  max_declined_attempts?: number;
}

export interface TerminalConfig {
  id: string;
  merchant_id: string;
  active: boolean;
  /** false answers processing code 2015 (not accepting payments). */
  accepting_payments: boolean;
  simulator: SimulatorKind;
  features: TerminalFeature[];
  /** The merchant's site: the default originator_url and the frames' allowed parent. */
  website: string;
  /** Enabled wallet and redirect methods (authorize types). */
  payment_methods: string[];
  /** Enabled methods of POST /api/transactions/payment. */
  payment_endpoint_methods: string[];
}

export interface GatewayConfig {
  merchants: MerchantConfig[];
  terminals: TerminalConfig[];
  /** Where webhooks are posted; none when empty. */
  webhook_url: string;
  /** First retry delay of webhook delivery; doubles each attempt (compress for tests). */
  webhook_retry_base_ms: number;
  /** Webhook attempts are given up after this long (spec: up to 24 hours). */
  webhook_retry_horizon_ms: number;
  /** Access token lifetime in seconds (spec: 300 in test). */
  token_lifetime_s: number;
  /** Lifetime of Embedded Fields and hosted page sessions. */
  session_lifetime_s: number;
}

export const DEFAULT_MAX_DECLINED_ATTEMPTS = 10;

export const DEFAULT_MERCHANT: MerchantConfig = {
  id: 'MERCHANT0001',
  name: 'Northwind Outfitters',
  client_id: 'test-client',
  client_secret: 'test-secret',
  client_key: 'test-client-key',
  permissions: ['payment_method:detach'],
  active: true,
  tokenization: true,
  branding: {
    logo_url: '/assets/merchant-logo.svg',
    primary_color: '#1f5f4a',
    background_color: '#f6f4ef',
    text_color: '#1c1c1c',
  },
  default_language: 'English',
};

/** The second test merchant, for cross-merchant tests (issue #11 spells out its credentials). */
export const SECOND_MERCHANT: MerchantConfig = {
  ...structuredClone(DEFAULT_MERCHANT),
  id: 'MERCHANT0002',
  name: 'Fabrikam Home',
  client_id: 'test-client-2',
  client_secret: 'test-secret-2',
  client_key: 'test-client-key-2',
};

const ALL_REDIRECT_METHODS = [
  ...REDIRECT_METHOD_TYPES,
  'provider-x-local',
  ...PROVIDER_Y_CODES.map((code) => `provider-y-redirect-${code}`),
  'wallet-a',
];

export function defaultConfig(): GatewayConfig {
  return {
    merchants: [structuredClone(DEFAULT_MERCHANT), structuredClone(SECOND_MERCHANT)],
    terminals: [
      // TERM00001 and TERM00009 (the second merchant's) decide by card number; TERM00002 runs the full simulator.
      openTerminal('TERM00001', DEFAULT_MERCHANT.id, 'simplified'),
      openTerminal('TERM00002', DEFAULT_MERCHANT.id, 'full'),
      { ...openTerminal('TERM00003', DEFAULT_MERCHANT.id, 'simplified'), active: false, features: [], payment_methods: [], payment_endpoint_methods: [] },
      openTerminal('TERM00009', SECOND_MERCHANT.id, 'simplified'),
    ],
    webhook_url: '',
    webhook_retry_base_ms: 1000,
    webhook_retry_horizon_ms: 24 * 60 * 60 * 1000,
    token_lifetime_s: 300,
    session_lifetime_s: 30 * 60,
  };
}

/** An active terminal with every feature and method, on the demo shop's website. */
function openTerminal(id: string, merchantId: string, simulator: TerminalConfig['simulator']): TerminalConfig {
  return {
    id,
    merchant_id: merchantId,
    active: true,
    accepting_payments: true,
    simulator,
    features: ['TRX_TYPE_PAYMENT', 'TRX_TYPE_PAYOUT'],
    website: 'http://localhost:5173',
    payment_methods: [...ALL_REDIRECT_METHODS],
    payment_endpoint_methods: ['OPEN_BANKING', 'UPI', 'WALLETS', 'BANK_TRANSFER', 'QR_CODE'],
  };
}

/** Defaults, overridden key by key from a JSON file; merchants and terminals replace by id. */
export function loadConfig(file?: string, overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  const config = defaultConfig();
  const fromFile = file ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<GatewayConfig>) : {};
  for (const source of [fromFile, overrides]) {
    const { merchants, terminals, ...scalars } = source;
    Object.assign(config, scalars);
    for (const merchant of merchants ?? []) upsert(config.merchants, merchant);
    for (const terminal of terminals ?? []) upsert(config.terminals, terminal);
  }
  return config;
}

function upsert<T extends { id: string }>(list: T[], item: Partial<T> & { id: string }): void {
  const index = list.findIndex((existing) => existing.id === item.id);
  if (index >= 0) list[index] = { ...list[index]!, ...item };
  else list.push(item as T);
}
