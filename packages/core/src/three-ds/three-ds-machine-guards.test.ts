/** The 3-D Secure machine against what should not happen: bad action tokens and URLs, events out of phase, failures; and its purity. */
import { describe, expect, it } from 'vitest';
import { fixtureResponse as respond } from './three-ds-fixtures';
import type { ThreeDsEvent } from './three-ds-machine';
import { createThreeDsMachine, initialThreeDsState, isThreeDsFinished, stepThreeDs } from './three-ds-machine';
import { TO_CHALLENGE, TO_COMPLETED, challengeResponse, effect, effectTypes, fingerprintDone, last, response, run } from './three-ds-machine-runner';

describe('action tokens', () => {
  const notJson = btoa('not json');
  it.each([
    ['not Base64', '%%%'],
    ['Base64 of text', notJson],
    ['Base64 of an array', btoa('[]')],
    ['missing server transaction id', btoa(JSON.stringify({ acs_url: 'https://acs.example' }))],
  ])('%s → invalid_action_token', (_case, token) => {
    const step = stepThreeDs(initialThreeDsState(), response(respond.fingerprint(token)));
    expect(step.effects).toEqual([{ type: 'error', code: 'invalid_action_token', transactionId: 'trx-1' }]);
  });

  it('refuses a challenge token without an ACS transaction id or with an unknown window size', () => {
    const noAcsTrans = last(run([response(respond.fingerprint()), fingerprintDone(), response(respond.challenge({ acs_trans_id: '' }))]));
    expect(effect(noAcsTrans, 'error').code).toBe('invalid_action_token');
    const badSize = stepThreeDs(initialThreeDsState(), response(respond.challenge({ challenge_window_size: '06' as '01' })));
    expect(effect(badSize, 'error').code).toBe('invalid_action_token');
  });

  it('uses each window size of the token', () => {
    const full = effect(stepThreeDs(initialThreeDsState(), response(respond.challenge({ challenge_window_size: '05' }))), 'show-challenge');
    expect([full.width, full.height]).toEqual(['100%', '100%']);
  });
});

describe('URL safety', () => {
  it.each([
    ['redirect', respond.redirect('javascript:alert(document.domain)')],
    ['form_submit', respond.formSubmit('data:text/html,<script>alert(1)</script>')],
    ['ACS URL', respond.challenge({ acs_url: 'javascript:alert(1)' })],
    ['method URL', respond.fingerprint({ three_ds_method_url: 'http://acs.example/method' })],
    ['relative URL', respond.redirect('/three-ds/redirect')],
  ])('refuses an unsafe %s', (_what, unsafe) => {
    const step = stepThreeDs(initialThreeDsState(), response(unsafe));
    expect(effect(step, 'error').code).toBe('unsafe_url');
    expect(effectTypes(step)).toEqual(['error']);
  });

  it('accepts http on loopback (the mock gateway) and anywhere with allowHttp', () => {
    const loopback = respond.redirect('http://127.0.0.1:4000/three-ds/redirect');
    expect(effectTypes(stepThreeDs(initialThreeDsState(), response(loopback)))).toEqual(['redirect']);
    const lan = respond.challenge({ acs_url: 'http://acs.test:4001/challenge' });
    expect(effectTypes(stepThreeDs(initialThreeDsState(), response(lan)))).toEqual(['error']);
    expect(effect(stepThreeDs(initialThreeDsState({ allowHttp: true }), response(lan)), 'show-challenge').acsOrigin).toBe(
      'http://acs.test:4001',
    );
  });
});

describe('events that do not fit the phase', () => {
  it('ignores the fingerprint time-out after the notification already continued', () => {
    const steps = run([response(respond.fingerprint()), fingerprintDone(true), fingerprintDone(true)]);
    expect(last(steps)).toMatchObject({ effects: [], ignored: true, state: { phase: 'authenticating' } });
  });

  it('ignores a second CHALLENGE_RESPONSE and a close after the response', () => {
    const steps = run([...TO_COMPLETED, challengeResponse('N'), { type: 'challenge-closed' }]);
    expect(steps.slice(-2).every((step) => step.ignored && step.effects.length === 0)).toBe(true);
    expect(last(steps).state.phase).toBe('completing');
  });

  it('ignores a challenge status outside the spec list', () => {
    const steps = run([...TO_CHALLENGE, { type: 'challenge-response', transStatus: 'X' as 'Y' }]);
    expect(last(steps)).toMatchObject({ ignored: true, state: { phase: 'challenging' } });
  });

  it('ignores everything once finished', () => {
    const done = last(run([response(respond.result())])).state;
    for (const event of [response(respond.challenge()), fingerprintDone(), { type: 'failed', error: new Error('x') }] as ThreeDsEvent[]) {
      expect(stepThreeDs(done, event)).toEqual({ state: done, effects: [], ignored: true });
    }
  });

  it('ignores a response while no call is outstanding', () => {
    const steps = run([response(respond.fingerprint()), response(respond.result())]);
    expect(last(steps)).toMatchObject({ ignored: true, state: { phase: 'fingerprinting' } });
  });
});

describe('failures', () => {
  it('ends with request_failed and keeps the cause', () => {
    const cause = new TypeError('Failed to fetch');
    const step = last(run([response(respond.fingerprint()), fingerprintDone(), { type: 'failed', error: cause }]));
    expect(step.effects).toEqual([{ type: 'error', code: 'request_failed', transactionId: 'trx-1', cause }]);
  });

  it('closes the challenge when failing during it', () => {
    const step = last(run([...TO_CHALLENGE, { type: 'failed', error: 'frame blocked' }]));
    expect(effectTypes(step)).toEqual(['close-challenge', 'error']);
  });

  it('fails before any transaction exists without a transaction id', () => {
    const step = stepThreeDs(initialThreeDsState(), { type: 'failed', error: 503 });
    expect(step.effects).toEqual([{ type: 'error', code: 'request_failed', cause: 503 }]);
  });
});

describe('purity and the machine wrapper', () => {
  it('does not change the state it is given', () => {
    const state = last(run(TO_CHALLENGE)).state;
    const copy = structuredClone(state);
    stepThreeDs(state, challengeResponse('Y'));
    stepThreeDs(state, { type: 'challenge-closed' });
    expect(state).toEqual(copy);
  });

  it('createThreeDsMachine keeps the state between events', () => {
    const machine = createThreeDsMachine();
    expect(machine.state.phase).toBe('authorizing');
    expect(machine.send(response(respond.fingerprint({ three_ds_method_url: null })))[0]!.type).toBe('request-authentication');
    expect(machine.send(response(respond.challenge()))[0]!.type).toBe('show-challenge');
    expect(machine.send(challengeResponse('Y')).map((e) => e.type)).toEqual(['close-challenge', 'authentication-completed']);
    expect(machine.send(response(respond.result()))[0]).toMatchObject({ type: 'done', approved: true });
    expect(isThreeDsFinished(machine.state)).toBe(true);
  });
});
