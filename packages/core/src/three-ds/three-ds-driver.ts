/**
 * Runs the 3-D Secure machine to its end through an adapter: the loop every browser
 * integration shares (the Embedded Fields frame, the hosted page). The adapter only
 * performs effects (HTTP calls, iframes, navigation); the order and the rules stay in
 * `stepThreeDs`. No DOM here: tests drive it with a fake adapter.
 */
import type { ExecutionResponse, Transaction, TransStatus } from '../api-types';
import type { ThreeDsErrorCode } from './three-ds-errors';
import { createThreeDsMachine, type ThreeDsConfig, type ThreeDsEffect, type ThreeDsEvent } from './three-ds-machine';

export interface ThreeDsAdapter {
  /** POST a JSON body to a gateway path; resolves with the execution response. */
  post(path: string, body: unknown): Promise<ExecutionResponse>;
  /** Posts threeDSMethodData in a hidden iframe; resolves true when posted (or timed out). */
  runFingerprint(methodUrl: string, threeDSMethodData: string, timeoutMs: number): Promise<boolean>;
  showChallenge(effect: Extract<ThreeDsEffect, { type: 'show-challenge' }>): Promise<{ kind: 'response'; transStatus: TransStatus } | { kind: 'closed' }>;
  closeChallenge(): void;
  /** Leaves the page (top-level). */
  redirect(url: string): void;
  formSubmit(url: string, data: Readonly<Record<string, string>>): void;
}

export type ThreeDsOutcome =
  | { kind: 'done'; transaction: Transaction; approved: boolean }
  | { kind: 'left-page' }
  | { kind: 'error'; code: ThreeDsErrorCode; transactionId?: string; cause?: unknown };

/** Drives the flow from the authorize response to an outcome. */
export async function runThreeDs(
  authorizeResponse: ExecutionResponse,
  adapter: ThreeDsAdapter,
  config: Partial<ThreeDsConfig> = {},
): Promise<ThreeDsOutcome> {
  const machine = createThreeDsMachine(config);
  let queue: ThreeDsEffect[] = machine.send({ type: 'response', response: authorizeResponse });
  for (;;) {
    const effect = queue.shift();
    if (!effect) {
      // No effect left and no outcome: the machine is waiting on nothing we can give it.
      return { kind: 'error', code: 'unexpected_response' };
    }
    const event = await perform(effect, adapter);
    if (event === 'done') {
      if (effect.type === 'done') return { kind: 'done', transaction: effect.transaction, approved: effect.approved };
      if (effect.type === 'error') {
        return { kind: 'error', code: effect.code, ...(effect.transactionId ? { transactionId: effect.transactionId } : {}), cause: effect.cause };
      }
      return { kind: 'left-page' };
    }
    if (event) queue = [...queue, ...machine.send(event)];
  }
}

/** Performs one effect; answers the event it produced, nothing, or 'done' for a final one. */
async function perform(effect: ThreeDsEffect, adapter: ThreeDsAdapter): Promise<ThreeDsEvent | undefined | 'done'> {
  switch (effect.type) {
    case 'request-authentication':
    case 'authentication-completed':
      try {
        return { type: 'response', response: await adapter.post(effect.path, effect.body) };
      } catch (error) {
        return { type: 'failed', error };
      }
    case 'run-fingerprint':
      return { type: 'fingerprint-done', submitted: await adapter.runFingerprint(effect.methodUrl, effect.threeDSMethodData, effect.timeoutMs) };
    case 'show-challenge': {
      const answer = await adapter.showChallenge(effect);
      return answer.kind === 'response' ? { type: 'challenge-response', transStatus: answer.transStatus } : { type: 'challenge-closed' };
    }
    case 'close-challenge':
      adapter.closeChallenge();
      return undefined;
    case 'redirect':
      adapter.redirect(effect.url);
      return 'done';
    case 'form-submit':
      adapter.formSubmit(effect.url, effect.data);
      return 'done';
    case 'done':
    case 'error':
      return 'done';
  }
}
