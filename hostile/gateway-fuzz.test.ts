/**
 * Property-based fuzzing of every JSON endpoint of the gateway through its HTTP layer
 * (Fastify inject: routing, body parsing, the edge, schema validation, the handlers).
 * Whatever the body, the answer is one the spec allows (never a 5xx, never a hang), a
 * refusal creates nothing, an acceptance stores exactly what was asked (amount, reference)
 * and repeating it never makes a second transaction. See support/invariants.ts.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBase64Json, TRANS_STATUSES, type ExecutionResponse, type PaymentSession, type ThreeDsActionToken } from '@payments/core';
import { RawJsonNumber, toJson } from './support/arbitraries';
import { exchange, type Exchange } from './support/exchange';
import { executionTransactionId, FUTURE_YEAR, fuzzGateway, type FuzzGateway } from './support/fixture';
import {
  customerApiBody,
  directAuthorizeBody,
  enumLike,
  hostedPageBody,
  manageBody,
  paymentBody,
  payoutBody,
  sessionAuthorizeBody,
  sessionBody,
  type CipherPool,
} from './support/generators';
import { budget, checkProperty } from './support/runs';
import { encodePathSegment, hostileString } from './support/arbitraries';

let fx: FuzzGateway;
let pool: CipherPool;
let savedCardIds: string[];

// A fresh gateway per property: each one's store only holds what that property made.
beforeEach(async () => {
  fx = await fuzzGateway();
  const encrypt = (values: string[]) => Promise.all(values.map((v) => fx.encrypt(v)));
  const shortYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
  const choices = async (valid: string[], invalid: string[]) => ({ valid: await encrypt(valid), invalid: await encrypt(invalid) });
  pool = {
    numbers: await choices(
      ['4000000000000002', '4000000000000010', '4000000000000028', '4000000000000036', '4000000000000044', '4111111111111111', '5200000000000007', '4000 0000 0000 0002'],
      ['123', '41111111111111111111', '', '🚀', '4111-1111-1111-1111'],
    ),
    months: await choices(['1', '12', '7'], ['0', '13', '01', ' 1', '١']),
    years: await choices([FUTURE_YEAR, shortYear], ['2020', '1', 'abcd']),
    cvvs: await choices(['123', '1234'], ['12', 'abc', '']),
  };
  const saved = await fx.authorize({ tokenization: { save_card_for_future_payments: true } });
  savedCardIds = [saved.body.result!.payment_method.token!];
});

afterEach(async () => {
  await fx.close();
});

/** The number a JSON amount stands for (raw text included). */
function numberOf(value: unknown): number {
  return value instanceof RawJsonNumber ? Number(value.text) : (value as number);
}

function expectExecutionResponse(json: unknown): ExecutionResponse {
  const response = json as ExecutionResponse;
  expect(Object.keys(response).sort()).toEqual(['action', 'form_submit', 'redirect', 'result']);
  const populated = [response.result, response.action, response.redirect, response.form_submit].filter((v) => v !== null);
  expect(populated, 'exactly one of result, action, redirect, form_submit').toHaveLength(1);
  if (response.action) {
    const token = decodeBase64Json<ThreeDsActionToken>(response.action.token);
    expect(['01', '02', '03', '04', '05'], 'challenge_window_size in the token').toContain(token.challenge_window_size);
    expect(token.three_ds_server_trans_id).toBe(response.action.session_id);
  }
  return response;
}

/** After an accepted request, the same request again answers the same thing and stores nothing new. */
async function expectIdempotentReplay(first: Exchange, replay: () => Promise<Exchange>, idOf: (json: unknown) => string | undefined): Promise<void> {
  const again = await replay();
  expect(again.answer.status, `replay: ${again.answer.text.slice(0, 200)}`).toBe(first.answer.status);
  expect(idOf(again.json), 'replay answers the same transaction or session').toBe(idOf(first.json));
  expect(again.after.transactions).toBe(again.before.transactions);
  expect(again.after.sessions).toBe(again.before.sessions);
}

describe('fuzzing every JSON endpoint', () => {
  it('POST /api/transactions/authorize from a merchant backend', { timeout: budget(150) }, async () => {
    await checkProperty(
      'authorize (Direct API body)',
      fc.asyncProperty(directAuthorizeBody(pool, savedCardIds), async (requestBody) => {
        const request = { method: 'POST', url: '/api/transactions/authorize', body: requestBody } as const;
        const first = await exchange(fx, request, { badRequestProperty: 'options.three_ds.notification_url' });
        if (first.answer.status !== 200) return;
        const sent = requestBody as Record<string, unknown>;
        const response = expectExecutionResponse(first.json);
        const id = executionTransactionId(response)!;
        const record = (await fx.gw.ctx.store.transaction(id))!;
        expect(first.after.transactions - first.before.transactions).toBeLessThanOrEqual(1);
        expect(record.transaction.amount, 'stored amount = requested amount').toBe(numberOf(sent.amount));
        expect(record.transaction.reference).toBe(sent.reference);
        expect(record.transaction.currency).toBe(sent.currency);
        expect(record.transaction.terminal_id).toBe(sent.terminal_id);
        await expectIdempotentReplay(first, () => exchange(fx, request), (json) => executionTransactionId(json as ExecutionResponse));
      }),
    );
  });

  it('POST /api/transactions/authorize from the browser (client key and session)', { timeout: budget(250) }, async () => {
    const sessionMetadata = fc.constantFrom<Record<string, unknown>>(
      {},
      { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' },
      { response_code: 'TRX_STATUS_DECLINED' },
      { challenge_window_size: '03' },
    );
    const kind = fc.constantFrom('EMBEDDED_FIELDS', 'HPP', 'HPP_CVV_LESS');
    const arbitrary = fc.tuple(kind, sessionMetadata, fc.integer({ min: 1, max: 1_000_000 })).chain(([sessionKind, metadata, amount]) =>
      fc.tuple(fc.constant({ sessionKind, metadata, amount }), sessionAuthorizeBody(pool, savedCardIds, '$SESSION$', { cvv: sessionKind !== 'HPP_CVV_LESS' })),
    );
    await checkProperty(
      'authorize (browser body in a session)',
      fc.asyncProperty(arbitrary, async ([order, browserBody]) => {
        const reference = `sa-${Math.random().toString(36).slice(2, 14)}`;
        const common = { terminal_id: 'TERM00001', reference, description: 'fuzz', currency: 'EUR', amount: order.amount, transaction_type: 'PURCHASE', metadata: order.metadata };
        const created =
          order.sessionKind === 'EMBEDDED_FIELDS'
            ? await fx.call<PaymentSession>('POST', '/api/sessions', { ...common, return_url: 'https://merchant.example/return' }, fx.bearer)
            : await fx.call<{ session_id: string }>(
                'POST',
                '/api/hosted-payment-page',
                {
                  ...common,
                  success_url: 'https://merchant.example/ok',
                  cancel_url: 'https://merchant.example/cancel',
                  error_url: 'https://merchant.example/error',
                  ...(order.sessionKind === 'HPP_CVV_LESS' ? { options: { cvv_less: true } } : {}),
                },
                fx.bearer,
              );
        expect(created.status).toBe(200);
        const sessionId = 'id' in created.body ? created.body.id : created.body.session_id;
        const requestBody = JSON.parse(toJson(browserBody).replaceAll('"$SESSION$"', JSON.stringify(sessionId))) as unknown;
        const request = { method: 'POST', url: '/api/transactions/authorize', body: requestBody, auth: 'client_key' } as const;
        const first = await exchange(fx, request);
        if (first.answer.status !== 200) return;
        const response = expectExecutionResponse(first.json);
        const record = (await fx.gw.ctx.store.transaction(executionTransactionId(response)!))!;
        expect(record.transaction.amount, 'the session decides the amount').toBe(order.amount);
        expect(record.transaction.reference).toBe(reference);
        expect(record.metadata, 'a browser cannot set metadata').toEqual(order.metadata);
        // Repeating is answered with the same transaction, unless the first attempt failed
        // (a shopper may retry a declined card in a session; never charged twice either way).
        const again = await exchange(fx, request);
        expect(again.answer.status).toBe(200);
        const retryAllowed = record.transaction.status === 'DECLINED' || record.transaction.status === 'FAILED';
        if (!retryAllowed) {
          expect(executionTransactionId(again.json as ExecutionResponse)).toBe(record.transaction.id);
          expect(again.after.transactions).toBe(again.before.transactions);
        }
      }),
    );
  });

  it('POST /api/sessions', { timeout: budget(50) }, async () => {
    await checkProperty(
      'sessions',
      fc.asyncProperty(sessionBody, async (requestBody) => {
        const request = { method: 'POST', url: '/api/sessions', body: requestBody } as const;
        const first = await exchange(fx, request);
        if (first.answer.status !== 200) return;
        const session = first.json as PaymentSession;
        const sent = requestBody as Record<string, unknown>;
        expect(session.amount).toBe(numberOf(sent.amount));
        expect(session.status).toBe('CREATED');
        expect((await fx.gw.ctx.store.session(session.id))?.session.amount).toBe(numberOf(sent.amount));
        await expectIdempotentReplay(first, () => exchange(fx, request), (json) => (json as PaymentSession).id);
      }),
    );
  });

  it('POST /api/hosted-payment-page', { timeout: budget(50) }, async () => {
    await checkProperty(
      'hosted payment page',
      fc.asyncProperty(hostedPageBody, async (requestBody) => {
        const request = { method: 'POST', url: '/api/hosted-payment-page', body: requestBody } as const;
        const first = await exchange(fx, request);
        if (first.answer.status !== 200) return;
        const answer = first.json as { redirect_url: string; session_id: string };
        const sent = requestBody as Record<string, unknown>;
        expect(answer.redirect_url).toBe(`${fx.gw.ctx.urls.gateway}/hpp/${answer.session_id}`);
        const record = (await fx.gw.ctx.store.session(answer.session_id))!;
        expect(record.session.amount).toBe(numberOf(sent.amount));
        if (sent.language !== undefined) {
          const allowed = ['english', 'bosanski', 'romana', 'română', 'svenska', 'en', 'bs', 'ro', 'sv', 'en-us', 'bs-ba', 'ro-ro', 'sv-se'];
          expect(allowed, 'only the documented languages are accepted').toContain(String(sent.language).toLowerCase());
        }
        await expectIdempotentReplay(first, () => exchange(fx, request), (json) => (json as { session_id: string }).session_id);
      }),
    );
  });

  it('POST /api/transactions/payment', { timeout: budget(60) }, async () => {
    await checkProperty(
      'payment',
      fc.asyncProperty(paymentBody, async (requestBody) => {
        const request = { method: 'POST', url: '/api/transactions/payment', body: requestBody } as const;
        const first = await exchange(fx, request);
        if (first.answer.status !== 200) return;
        const response = expectExecutionResponse(first.json);
        const record = (await fx.gw.ctx.store.transaction(executionTransactionId(response)!))!;
        const sent = requestBody as Record<string, unknown>;
        expect(record.transaction.amount).toBe(numberOf(sent.amount));
        expect(record.transaction.transaction_type).toBe('PAYMENT');
        await expectIdempotentReplay(first, () => exchange(fx, request), (json) => executionTransactionId(json as ExecutionResponse));
      }),
    );
  });

  it('POST /api/transactions/payout', { timeout: budget(60) }, async () => {
    await checkProperty(
      'payout',
      fc.asyncProperty(payoutBody, async (requestBody) => {
        const request = { method: 'POST', url: '/api/transactions/payout', body: requestBody } as const;
        const first = await exchange(fx, request);
        if (first.answer.status !== 200) return;
        const response = expectExecutionResponse(first.json);
        expect(response.result?.status).toBe('PENDING');
        const sent = requestBody as Record<string, unknown>;
        expect(response.result?.amount).toBe(numberOf(sent.amount));
        await expectIdempotentReplay(first, () => exchange(fx, request), (json) => executionTransactionId(json as ExecutionResponse));
      }),
    );
  });

  it('POST /api/transactions/manage', { timeout: budget(300) }, async () => {
    // Each run: a fresh original (an approved authorization or purchase, or a pending
    // redirect payment), then one to four fuzzed operations on it, each checked on its own.
    const kind = fc.constantFrom('AUTHORIZE', 'PURCHASE', 'PENDING');
    const operations = fc.array(manageBody(['$REF$', 'mg-unknown'], ['$ORIGINAL$', '$LAST_CHILD$']), { minLength: 1, maxLength: 4 });
    await checkProperty(
      'manage',
      fc.asyncProperty(kind, operations, async (originalKind, bodies) => {
        const reference = `mg-${Math.random().toString(36).slice(2, 14)}`;
        const created =
          originalKind === 'PENDING'
            ? await fx.authorize({ reference, payment_method: { type: 'wallet-a-redirect', data: {} }, error_url: 'https://m.example/e', cancel_url: 'https://m.example/c' })
            : await fx.authorize({ reference, transaction_type: originalKind });
        expect(created.status, created.text.slice(0, 300)).toBe(200);
        const originalId = executionTransactionId(created.body)!;
        let lastChild = originalId;
        for (const operation of bodies) {
          const requestBody = JSON.parse(
            toJson(operation).replaceAll('"$REF$"', JSON.stringify(reference)).replaceAll('"$ORIGINAL$"', JSON.stringify(originalId)).replaceAll('"$LAST_CHILD$"', JSON.stringify(lastChild)),
          ) as unknown;
          const result = await exchange(fx, { method: 'POST', url: '/api/transactions/manage', body: requestBody });
          if (result.answer.status !== 200) continue;
          const child = result.json as { id: string; amount: number; transaction_type: string; status: string };
          const sent = requestBody as Record<string, unknown>;
          expect(result.after.transactions - result.before.transactions, 'one child per accepted operation').toBe(1);
          expect(child.status).toBe('APPROVED');
          expect(child.transaction_type).toBe(sent.transaction_type);
          if (child.transaction_type !== 'VOID') expect(child.amount).toBe(numberOf(sent.amount));
          lastChild = child.id;
        }
      }),
    );
  });

  it('POST /api/customers', { timeout: budget(40) }, async () => {
    await checkProperty(
      'customers',
      fc.asyncProperty(customerApiBody, async (requestBody) => {
        const first = await exchange(fx, { method: 'POST', url: '/api/customers', body: requestBody });
        if (first.answer.status !== 200) return;
        const customer = first.json as { id: string; email: string };
        expect(first.after.customers - first.before.customers).toBe(1);
        expect(customer.email).toBe((requestBody as { email: string }).email);
        expect((await fx.gw.ctx.store.customer(customer.id))?.email).toBe(customer.email);
      }),
    );
  });

  /** A transaction waiting at the fingerprint step (full simulator), with what the client got. */
  async function atFingerprint(flow: string): Promise<{ transactionId: string; serverId: string; paymentData: string }> {
    const answer = await fx.authorize({ terminal_id: 'TERM00002', metadata: { simulated_flow: flow }, payment_method: { type: 'card', data: await fx.card('4111111111111111') } });
    const action = answer.body.action!;
    expect(action.type).toBe('THREE_DS_2_FINGERPRINT');
    return { transactionId: action.transaction_id, serverId: action.session_id, paymentData: action.payment_data };
  }

  const pathId = fc.oneof(
    { weight: 8, arbitrary: fc.constant('$SERVER_ID$') },
    { weight: 1, arbitrary: fc.constant('$TRANSACTION_ID$') },
    { weight: 2, arbitrary: hostileString.map((s) => encodePathSegment(s.slice(0, 400)) || 'x') },
  );
  const fill = (value: unknown, ids: { serverId: string; transactionId: string; paymentData: string }): unknown =>
    JSON.parse(
      toJson(value)
        .replaceAll('"$SERVER_ID$"', JSON.stringify(ids.serverId))
        .replaceAll('"$PAYMENT_DATA$"', JSON.stringify(ids.paymentData)),
    ) as unknown;

  it('POST /api/transactions/three-ds/{id}/request-authentication', { timeout: budget(250) }, async () => {
    const flows = fc.constantFrom(
      'VERSIONING_FINGERPRINT_Y_CHALLENGE',
      'VERSIONING_FINGERPRINT_A_FRICTIONLESS',
      'VERSIONING_FINGERPRINT_N_FRICTIONLESS',
      'VERSIONING_FINGERPRINT_Y_REDIRECT',
      'VERSIONING_FINGERPRINT_Y_FORM_SUBMIT',
      'VERSIONING_NO_METHOD_URL_CHALLENGE',
    );
    const requestBody = fc.record({
      fingerprint_result: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(btoa('Y'), btoa('N')) }, { weight: 1, arbitrary: fc.constantFrom('Y', 'WQ', btoa('YY'), '') }, { weight: 1, arbitrary: hostileString }),
      payment_data: fc.oneof({ weight: 6, arbitrary: fc.constant('$PAYMENT_DATA$') }, { weight: 1, arbitrary: hostileString }),
    });
    await checkProperty(
      'request-authentication',
      fc.asyncProperty(flows, pathId, requestBody, async (flow, id, sent) => {
        const ids = await atFingerprint(flow);
        const path = id === '$SERVER_ID$' ? ids.serverId : id === '$TRANSACTION_ID$' ? ids.transactionId : id;
        const request = { method: 'POST', url: `/api/transactions/three-ds/${path}/request-authentication`, body: fill(sent, ids) } as const;
        const first = await exchange(fx, request, { notFoundAllowed: true });
        if (first.answer.status !== 200) return;
        expectExecutionResponse(first.json);
        expect(first.after.transactions, '3-D Secure steps create no transaction').toBe(first.before.transactions);
        const again = await exchange(fx, request, { notFoundAllowed: true });
        expect(again.answer.status, 'a replayed step is refused').toBe(422);
      }),
    );
  });

  it('POST /api/transactions/three-ds/authentication-completed', { timeout: budget(300) }, async () => {
    const flows = fc.constantFrom(
      'VERSIONING_FINGERPRINT_Y_CHALLENGE',
      'VERSIONING_FINGERPRINT_Y_CHALLENGE_EXTRA_ROUND',
      'VERSIONING_FINGERPRINT_Y_CHALLENGE_TWO_EXTRA_ROUNDS',
    );
    const requestBody = fc.record(
      {
        session_id: fc.oneof({ weight: 8, arbitrary: fc.constant('$SERVER_ID$') }, { weight: 1, arbitrary: hostileString }),
        payment_data: fc.oneof({ weight: 8, arbitrary: fc.constant('$PAYMENT_DATA$') }, { weight: 1, arbitrary: hostileString }),
        trans_status: enumLike(TRANS_STATUSES),
      },
      { requiredKeys: ['session_id', 'trans_status'] },
    );
    await checkProperty(
      'authentication-completed',
      fc.asyncProperty(flows, requestBody, fc.constantFrom('approve', 'decline', 'none'), async (flow, sent, answer) => {
        const ids = await atFingerprint(flow);
        const step = await fx.call<ExecutionResponse>(
          'POST',
          `/api/transactions/three-ds/${ids.serverId}/request-authentication`,
          { fingerprint_result: btoa('Y'), payment_data: ids.paymentData },
          fx.bearer,
        );
        expect(step.body.action?.type).toBe('THREE_DS_2_CHALLENGE');
        // The shopper's answer at the ACS (or none): the only source of the outcome.
        if (answer !== 'none') {
          const token = decodeBase64Json<ThreeDsActionToken>(step.body.action!.token);
          const fields = { three_ds_server_trans_id: token.three_ds_server_trans_id, acs_trans_id: token.acs_trans_id, outcome: answer };
          await fx.send({ method: 'POST', url: '/acs/challenge/result', app: 'acs', contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() });
        }
        const request = { method: 'POST', url: '/api/transactions/three-ds/authentication-completed', body: fill(sent, ids) } as const;
        const first = await exchange(fx, request);
        if (first.answer.status !== 200) return;
        const response = expectExecutionResponse(first.json);
        expect(first.after.transactions, '3-D Secure steps create no transaction').toBe(first.before.transactions);
        expect(answer, 'no outcome without the ACS record').not.toBe('none');
        if (answer === 'decline') expect(response.result?.approved, 'a declined challenge never approves').toBe(false);
        if (response.result) {
          const again = await exchange(fx, request);
          expect(again.answer.status, 'a completed authentication cannot be completed again').toBe(422);
        }
      }),
    );
  });

});
