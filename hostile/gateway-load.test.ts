/**
 * Sustained concurrent authorizes (autocannon, 20 connections, 3 s) against a gateway on
 * free ports: no errors, no non-2xx, and the store agrees with every answer: each 2xx
 * answer's transaction is stored APPROVED, no reference is charged twice, and the only
 * approved transactions without a 2xx are the requests in flight when the window closed.
 * The same check runs in `pnpm bench -- --only gateway` (bench/gateway-authorize.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '@payments/testing';
import { authorizeLoad } from '../bench/gateway-authorize';
import { recordCase } from './support/runs';

const CONNECTIONS = 20;
const DURATION_S = 3;

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe('load', () => {
  it(`holds ${CONNECTIONS} connections of authorizes for ${DURATION_S} s without an error or a lost transaction`, { timeout: 60_000 }, async () => {
    const started = performance.now();
    const { result, verification } = await authorizeLoad(gateway.url, { durationS: DURATION_S, connections: CONNECTIONS, referencePrefix: 'hostile-load' });
    expect(result.errors, 'connection errors').toBe(0);
    expect(result.timeouts, 'timeouts').toBe(0);
    expect(result.non2xx, 'non-2xx answers').toBe(0);
    expect(verification.responses_2xx).toBeGreaterThan(0);
    expect(verification.lost_transactions, 'a 2xx answer whose transaction is not stored APPROVED').toBe(0);
    expect(verification.doubled_references, 'a reference charged twice').toBe(0);
    expect(verification.unanswered_at_close).toBeGreaterThanOrEqual(0);
    expect(verification.unanswered_at_close).toBeLessThanOrEqual(CONNECTIONS);
    expect(verification.approved_transactions).toBe(verification.responses_2xx + verification.unanswered_at_close);
    const perSecond = Math.round((verification.responses_2xx + result.non2xx) / result.duration);
    console.log(
      `load: ${perSecond} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `${verification.responses_2xx} answered, ${verification.unanswered_at_close} in flight at close, 0 lost`,
    );
    recordCase('scenario', `load ${CONNECTIONS} connections ${DURATION_S} s: ${perSecond} req/s, p99 ${result.latency.p99} ms`, performance.now() - started);
  });
});
