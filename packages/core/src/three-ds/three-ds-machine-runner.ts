/**
 * Running the 3-D Secure machine in tests (three-ds-machine*.test.ts): the events a flow
 * feeds it, every step from the initial state, and the effects a step asks for. Not for
 * production code.
 */
import type { ExecutionResponse } from '../api-types';
import { fixtureResponse as respond } from './three-ds-fixtures';
import type { ThreeDsConfig, ThreeDsEffect, ThreeDsEvent, ThreeDsState, ThreeDsStep } from './three-ds-machine';
import { initialThreeDsState, stepThreeDs } from './three-ds-machine';

export const response = (r: ExecutionResponse): ThreeDsEvent => ({ type: 'response', response: r });
export const fingerprintDone = (submitted = true): ThreeDsEvent => ({ type: 'fingerprint-done', submitted });
export const challengeResponse = (transStatus: 'Y' | 'N' | 'A' | 'U' | 'R' = 'Y'): ThreeDsEvent => ({
  type: 'challenge-response',
  transStatus,
});

/** Runs events from the initial state; returns every step. */
export function run(events: ThreeDsEvent[], config: Partial<ThreeDsConfig> = {}): ThreeDsStep[] {
  const steps: ThreeDsStep[] = [];
  let state: ThreeDsState = initialThreeDsState(config);
  for (const event of events) {
    const step = stepThreeDs(state, event);
    steps.push(step);
    state = step.state;
  }
  return steps;
}
export const last = (steps: ThreeDsStep[]): ThreeDsStep => steps[steps.length - 1]!;
export const effectTypes = (step: ThreeDsStep) => step.effects.map((effect) => effect.type);
export function effect<T extends ThreeDsEffect['type']>(step: ThreeDsStep, type: T): Extract<ThreeDsEffect, { type: T }> {
  const found = step.effects.find((candidate) => candidate.type === type);
  if (!found) throw new Error(`no ${type} effect in ${JSON.stringify(effectTypes(step))}`);
  return found as Extract<ThreeDsEffect, { type: T }>;
}

/** Events up to the challenge being shown (fingerprint with a method URL). */
export const TO_CHALLENGE: ThreeDsEvent[] = [response(respond.fingerprint()), fingerprintDone(), response(respond.challenge())];
/** Events up to authentication-completed having been requested once. */
export const TO_COMPLETED: ThreeDsEvent[] = [...TO_CHALLENGE, challengeResponse('Y')];
