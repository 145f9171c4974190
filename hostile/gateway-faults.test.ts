/**
 * Faults at each step of a payment, over real HTTP (the gateway on free ports, its webhooks
 * to a verifying inbox): authorize, request-authentication, authentication-completed and
 * status, each slow (past the client's timeout), answering 500, answering garbage, or
 * dropping the connection, before the route ran or after it. The client is the one the
 * browser packages should be: on any failure it asks again with the same reference and
 * carries on from the state the gateway answers. Every scenario ends with one transaction
 * for the reference, APPROVED, announced once: nothing is charged twice.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BROWSER_INFO, type EncryptionKey, type ExecutionResponse, type StatusResponse } from '@payments/core';
import { startTestGateway, type TestGateway } from '@payments/testing';
import type { FaultMode, FaultPhase, FaultRule } from '@payments/mock-gateway/testing';
import { RUNS, recordCase } from './support/runs';

let gateway: TestGateway;
let token: string;
let key: EncryptionKey;

beforeAll(async () => {
  gateway = await startTestGateway({ webhookRetryBaseMs: 20 });
  token = await gateway.client.accessToken();
  key = await gateway.client.request<EncryptionKey>('GET', '/api/encryption-key');
});
afterAll(async () => {
  await gateway.close();
});

const CLIENT_TIMEOUT_MS = 250;
const SLOW_MS = 700;

type Outcome = { ok: true; status: number; body: unknown } | { ok: false; why: string };

/** One HTTP call as a careful client makes it: a timeout, and JSON or nothing. */
async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Outcome> {
  try {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'hostile-client/1.0', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status >= 500) return { ok: false, why: `HTTP ${response.status}` };
    try {
      return { ok: true, status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    } catch {
      return { ok: false, why: 'not JSON' };
    }
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.name : 'network' };
  }
}

function encrypt(value: string): string {
  return publicEncrypt({ key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value, 'utf8')).toString('base64');
}

/**
 * A payment with a fingerprint and a challenge (full simulator), driven by a client that
 * retries: a failed authorize is sent again; a failed 3-D Secure step is followed by the
 * same authorize again, whose answer is the transaction's current step.
 */
async function pay(reference: string): Promise<{ transactionId: string; failures: string[] }> {
  const failures: string[] = [];
  const body = {
    reference,
    terminal_id: 'TERM00002',
    description: 'faults',
    currency: 'EUR',
    amount: 2500,
    transaction_type: 'PURCHASE',
    payment_method: {
      type: 'card',
      data: { encrypted_card_number: encrypt('4111111111111111'), encrypted_cvv: encrypt('123'), encrypted_expiration_month: encrypt('12'), encrypted_expiration_year: encrypt('2035') },
    },
    return_url: 'https://merchant.example/return',
    browser_info: TEST_BROWSER_INFO,
    metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' },
  };
  const authorize = async (): Promise<ExecutionResponse> => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const outcome = await call('POST', '/api/transactions/authorize', body);
      if (outcome.ok && outcome.status === 200) return outcome.body as ExecutionResponse;
      failures.push(`authorize: ${outcome.ok ? outcome.status : outcome.why}`);
    }
    throw new Error(`authorize kept failing: ${failures.join(', ')}`);
  };
  let state = await authorize();
  for (let step = 0; step < 12 && !state.result; step++) {
    const action = state.action;
    if (!action) throw new Error(`unexpected answer ${JSON.stringify(state)}`);
    // The shopper approves at the ACS (its record is the outcome), then the client completes.
    if (action.type === 'THREE_DS_2_CHALLENGE') await gateway.client.answerChallenge(action, 'approve');
    const outcome =
      action.type === 'THREE_DS_2_FINGERPRINT'
        ? await call('POST', `/api/transactions/three-ds/${action.session_id}/request-authentication`, { fingerprint_result: btoa('Y'), payment_data: action.payment_data })
        : await call('POST', '/api/transactions/three-ds/authentication-completed', { payment_data: action.payment_data, session_id: action.session_id, trans_status: 'Y' });
    if (outcome.ok && outcome.status === 200) {
      state = outcome.body as ExecutionResponse;
    } else {
      failures.push(`${action.type}: ${outcome.ok ? outcome.status : outcome.why}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await authorize();
    }
  }
  const transactionId = state.result!.id;
  // The final status, as a merchant verifies it before fulfilment (with retries too).
  for (let attempt = 0; attempt < 6; attempt++) {
    const outcome = await call('GET', `/api/transactions/${transactionId}/status`);
    if (outcome.ok && outcome.status === 200) {
      expect((outcome.body as StatusResponse).transaction?.status).toBe('APPROVED');
      return { transactionId, failures };
    }
    failures.push(`status: ${outcome.ok ? outcome.status : outcome.why}`);
  }
  throw new Error(`status kept failing: ${failures.join(', ')}`);
}

const STEPS = {
  authorize: '/api/transactions/authorize',
  'request-authentication': '/api/transactions/three-ds/:id/request-authentication',
  'authentication-completed': '/api/transactions/three-ds/authentication-completed',
  status: '/api/transactions/:id/status',
} as const;
const MODES: FaultMode[] = ['slow', 'error', 'garbage', 'down'];
// The bounded run (CI) takes the hard phase only: the route ran, the client saw a failure.
const PHASES: FaultPhase[] = RUNS >= 200 ? ['after', 'before'] : ['after'];

describe('a fault at each step of a payment: nothing charged twice, the retry finds the same transaction', () => {
  let counter = 0;
  for (const [step, path] of Object.entries(STEPS)) {
    for (const mode of MODES) {
      for (const phase of PHASES) {
        it(`${step}: ${mode} (${phase})`, { timeout: 30_000 }, async () => {
          const started = performance.now();
          await call('DELETE', '/__mock/faults');
          const rule = await call('POST', '/__mock/faults', { path, mode, phase, count: 2, delay_ms: SLOW_MS });
          expect(rule.ok && rule.status).toBe(200);
          counter += 1;
          const reference = `faults-${process.pid}-${counter}-${Date.now().toString(36)}`;
          const { transactionId, failures } = await pay(reference);
          await call('DELETE', '/__mock/faults');

          expect(failures.length, 'the fault was met').toBeGreaterThan(0);
          const list = (await gateway.client.request<{ transaction: { id: string; status: string }; parent_id: string | null }[]>('GET', `/__mock/transactions?reference=${reference}`)).filter((t) => t.parent_id === null);
          expect(list.map((t) => t.transaction.id), 'one transaction for the reference').toEqual([transactionId]);
          expect(list[0]!.transaction.status).toBe('APPROVED');
          // Announced once, however many times the client asked (deliveries dedupe by x-webhook-id).
          const approved = await gateway.webhooks.waitFor((e) => e.event === 'transaction-svc:transaction:purchase:approved' && (e.body as { payload?: { id?: string } }).payload?.id === transactionId);
          expect(approved).toBeDefined();
          const deliveries = (await gateway.running.ctx.webhooks.deliveries()).filter((d) => d.transaction_id === transactionId && d.event === 'transaction-svc:transaction:purchase:approved');
          expect(deliveries, 'one approved delivery').toHaveLength(1);
          recordCase('scenario', `fault ${step} ${mode} ${phase}`, performance.now() - started);
        });
      }
    }
  }

  it('the fault table is empty again and the gateway answers normally', async () => {
    const list = await call('GET', '/__mock/faults');
    expect(list.ok && (list.body as { faults: FaultRule[] }).faults).toEqual([]);
    const { failures } = await pay(`faults-clean-${Date.now().toString(36)}`);
    // A busy machine may still time a request out; no injected 500 or garbage is left.
    expect(failures.filter((f) => /HTTP 5|not JSON/.test(f))).toEqual([]);
  });
});
