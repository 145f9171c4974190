/**
 * For the tests of POST /api/transactions/manage (manage*.test.ts): originals made as a
 * merchant makes them, in each state, and the manage call.
 */
import { TEST_BROWSER_INFO, type ApiErrorBody, type ExecutionResponse, type Transaction } from '@payments/core';
import { expect } from 'vitest';
import type { TestGateway } from '../test-harness';

export const MANAGE_URL = '/api/transactions/manage';

/** A Transaction on success, the error body on a 422 (both have a `status`, of different types). */
export type Reply = Omit<Transaction, 'status'> & Omit<ApiErrorBody, 'status'>;

export function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

export function properties(body: Pick<ApiErrorBody, 'errors'>): string[] {
  return body.errors.map((e) => e.property);
}

type OriginalState = 'APPROVED' | 'DECLINED' | 'AWAITING_3DS' | 'PENDING_REDIRECT';

/** The authorize metadata that puts an original in each state (spec: Test behaviour). */
const ORIGINAL_METADATA: Record<OriginalState, Record<string, string>> = {
  APPROVED: { response_code: 'TRX_STATUS_APPROVED' },
  DECLINED: { response_code: 'TRX_STATUS_DECLINED' },
  AWAITING_3DS: { simulate_redirect: 'true' },
  PENDING_REDIRECT: {},
};

export function uniqueReference(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The calls, on the gateway and credentials each test has (read when called). */
export function manageCalls(gateway: () => TestGateway, credentials: () => Record<string, string>) {
  const manage = (body: Record<string, unknown>, headers = credentials()) => gateway().call<Reply>('POST', MANAGE_URL, body, headers);

  const operation = (original: Transaction, type: string, amount: number, extra: Record<string, unknown> = {}) =>
    manage({
      terminal_id: original.terminal_id,
      transaction_type: type,
      reference: original.reference,
      amount,
      currency: original.currency,
      ...extra,
    });

  const stored = async (id: string) => (await gateway().gw.ctx.store.transaction(id))!;

  async function card(): Promise<{ type: 'card'; data: Record<string, string> }> {
    const t = gateway();
    return {
      type: 'card',
      data: {
        encrypted_card_number: await t.encrypt('4111111111111111'),
        encrypted_cvv: await t.encrypt('123'),
        encrypted_expiration_month: await t.encrypt('12'),
        encrypted_expiration_year: await t.encrypt(String(new Date().getFullYear() + 2)),
      },
    };
  }

  /**
   * An original through POST /api/transactions/authorize, as a merchant would make it: a card
   * outside the spec's test table with metadata.response_code (3-D Secure skipped), a card
   * with simulate_redirect (3-D Secure under way) or a wallet redirect (PENDING).
   */
  async function original(
    type: 'AUTHORIZE' | 'PURCHASE',
    options: { state?: OriginalState; amount?: number; terminalId?: string } = {},
  ): Promise<Transaction> {
    const state = options.state ?? 'APPROVED';
    const body = {
      reference: uniqueReference('order'),
      terminal_id: options.terminalId ?? 'TERM00001',
      description: 'Order 1001',
      currency: 'EUR',
      amount: options.amount ?? 10000,
      transaction_type: type,
      payment_method: state === 'PENDING_REDIRECT' ? { type: 'wallet-a-redirect', data: {} } : await card(),
      customer: { email: 'shopper@example.com' },
      browser_info: TEST_BROWSER_INFO,
      metadata: ORIGINAL_METADATA[state],
      return_url: 'https://shop.example/return',
      error_url: 'https://shop.example/error',
      cancel_url: 'https://shop.example/cancel',
    };
    const reply = await gateway().call<ExecutionResponse>('POST', '/api/transactions/authorize', body, credentials());
    expect(reply.status).toBe(200);
    const { result, redirect, action, form_submit: formSubmit } = reply.body;
    const id = result?.id ?? redirect?.transaction_id ?? action?.transaction_id ?? formSubmit?.transaction_id;
    return structuredClone((await stored(id!)).transaction);
  }

  return { manage, operation, original, stored, card };
}
