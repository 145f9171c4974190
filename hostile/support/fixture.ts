/**
 * A gateway for the fuzzer: the in-process test harness (Fastify inject: routing, parsing,
 * the edge, validation, handlers) with the fixture plus two terminals whose ids sit exactly
 * on the spec's terminal_id limits (5 and 20 characters), so "at the limit" can succeed.
 */
import { defaultConfig, type GatewayConfig } from '@payments/mock-gateway';
import { testGateway, type Reply, type TestGateway } from '@payments/mock-gateway/testing';
import { TEST_BROWSER_INFO, type ExecutionResponse } from '@payments/core';
import type { Answer } from './invariants';

export const TERMINAL_5 = 'T0005';
export const TERMINAL_20 = 'T0000000000000000020';
export const TERMINALS = ['TERM00001', 'TERM00002', TERMINAL_5, TERMINAL_20] as const;
export const USER_AGENT = 'hostile-suite/1.0';

export function hostileConfig(): GatewayConfig {
  const config = defaultConfig();
  const base = config.terminals[0]!;
  config.terminals.push({ ...structuredClone(base), id: TERMINAL_5 }, { ...structuredClone(base), id: TERMINAL_20 });
  // A full run outlives the test environment's 300 s tokens; expiry is not what is fuzzed here.
  config.token_lifetime_s = 86_400;
  return config;
}

export interface EncryptedCard {
  encrypted_card_number: string;
  encrypted_cvv: string;
  encrypted_expiration_month: string;
  encrypted_expiration_year: string;
}

export interface FuzzGateway extends TestGateway {
  /** Webhook deliveries announced so far (counted as they are made: cheaper than listing them). */
  announcements(): number;
  bearer: Record<string, string>;
  clientKey: Record<string, string>;
  /** Sends a raw body (already JSON text, or a form) and answers status, text and headers. */
  send(options: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: string; contentType?: string; headers?: Record<string, string>; app?: 'api' | 'acs' }): Promise<Answer>;
  card(number: string, fields?: { month?: string; year?: string; cvv?: string }): Promise<EncryptedCard>;
  /** A direct authorize with sane defaults; `overrides` replace top-level fields. */
  authorize(overrides?: Record<string, unknown>): Promise<Reply<ExecutionResponse>>;
}

export const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

export async function fuzzGateway(): Promise<FuzzGateway> {
  const base = await testGateway({ config: hostileConfig() });
  const bearer = await base.auth();
  let announced = 0;
  const outbox = base.gw.ctx.webhooks;
  const announceTransaction = outbox.announceTransaction.bind(outbox);
  const announceTokenization = outbox.announceTokenization.bind(outbox);
  outbox.announceTransaction = (record) => {
    const before = record.announced_statuses.length;
    announceTransaction(record);
    if (record.announced_statuses.length > before) announced += 1;
  };
  outbox.announceTokenization = (merchantId, data) => {
    announceTokenization(merchantId, data);
    announced += 1;
  };
  const clientKey = { 'x-client-key': 'test-client-key' };
  const cards = new Map<string, EncryptedCard>();
  const send: FuzzGateway['send'] = async ({ method, url, payload, contentType, headers = {}, app = 'api' }) => {
    const response = await base.gw[app].inject({
      method,
      url,
      headers: {
        'user-agent': USER_AGENT,
        ...(payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: response.statusCode, text: response.body, headers: response.headers };
  };
  const card: FuzzGateway['card'] = async (number, fields = {}) => {
    const key = JSON.stringify([number, fields]);
    let encrypted = cards.get(key);
    if (!encrypted) {
      encrypted = {
        encrypted_card_number: await base.encrypt(number),
        encrypted_cvv: await base.encrypt(fields.cvv ?? '123'),
        encrypted_expiration_month: await base.encrypt(fields.month ?? '12'),
        encrypted_expiration_year: await base.encrypt(fields.year ?? FUTURE_YEAR),
      };
      cards.set(key, encrypted);
    }
    return encrypted;
  };
  const authorize: FuzzGateway['authorize'] = async (overrides = {}) =>
    base.call<ExecutionResponse>(
      'POST',
      '/api/transactions/authorize',
      {
        reference: `fx-${Math.random().toString(36).slice(2, 14)}`,
        terminal_id: 'TERM00001',
        description: 'fixture',
        currency: 'EUR',
        amount: 1000,
        transaction_type: 'PURCHASE',
        payment_method: { type: 'card', data: await card('4000000000000002') },
        return_url: 'https://merchant.example/return',
        browser_info: TEST_BROWSER_INFO,
        ...overrides,
      },
      bearer,
    );
  return { ...base, announcements: () => announced, bearer, clientKey, send, card, authorize };
}

/** The transaction id an execution response is about, whichever field is populated. */
export function executionTransactionId(response: ExecutionResponse): string | undefined {
  return response.result?.id ?? response.action?.transaction_id ?? response.redirect?.transaction_id ?? response.form_submit?.transaction_id;
}
