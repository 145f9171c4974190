/**
 * One fuzzed request with every invariant around it: the answer is one the spec allows and
 * came back in time (never a hang), a refusal changed nothing, and the store is consistent.
 */
import { expect } from 'vitest';
import { toJson } from './arbitraries';
import { countStatus } from './runs';
import type { FuzzGateway } from './fixture';
import { expectConsistentStore, expectSafeAnswer, expectUnchanged, parseJson, snapshot, type Answer, type AnswerRules, type StoreSnapshot } from './invariants';

/**
 * No request may take longer than this in process. The slowest legitimate one (an authorize:
 * four RSA decryptions) takes ~10 ms on an idle machine and ~60 ms on a loaded one; the
 * backtracking bugs this catches took seconds to hours. HOSTILE_HANG_MS overrides.
 */
export const HANG_MS = Number(process.env.HOSTILE_HANG_MS ?? 2_500);

export interface FuzzRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** A JSON value (serialized with raw numbers kept exact), or a ready form/JSON text. */
  body?: unknown;
  form?: string;
  auth?: 'bearer' | 'client_key' | 'none';
  app?: 'api' | 'acs';
}

export interface Exchange {
  answer: Answer;
  json: unknown;
  before: StoreSnapshot;
  after: StoreSnapshot;
  ms: number;
}

export async function exchange(fx: FuzzGateway, request: FuzzRequest, rules: AnswerRules = {}): Promise<Exchange> {
  const before = await snapshot(fx);
  const started = performance.now();
  const headers = request.auth === 'client_key' ? fx.clientKey : request.auth === 'none' ? {} : fx.bearer;
  const payload = request.form ?? (request.body === undefined ? undefined : toJson(request.body));
  const answer = await fx.send({
    method: request.method,
    url: request.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(request.form !== undefined ? { contentType: 'application/x-www-form-urlencoded' } : {}),
    ...(request.app ? { app: request.app } : {}),
  });
  const ms = performance.now() - started;
  countStatus(answer.status);
  const after = await snapshot(fx);
  expect(ms, `answered in time (${request.method} ${request.url.slice(0, 80)})`).toBeLessThan(HANG_MS);
  expectSafeAnswer(answer, rules);
  if (answer.status >= 400) expectUnchanged(before, after, answer);
  await expectConsistentStore(fx, before);
  return { answer, json: parseJson(answer.text), before, after, ms };
}
