/** The 3-D Secure machine: the spec's next step for each populated field, its steps, and whole flows. */
import { describe, expect, it } from 'vitest';
import type { ChallengeRequest, ExecutionResponse } from '../api-types';
import { decodeBase64Json, decodeBase64Utf8 } from '../base64-json';
import { fixtureResponse as respond, fixtureTransaction } from './three-ds-fixtures';
import type { ThreeDsEffect, ThreeDsEvent, ThreeDsState } from './three-ds-machine';
import { initialThreeDsState, isThreeDsFinished, stepThreeDs } from './three-ds-machine';
import { TO_CHALLENGE, TO_COMPLETED, challengeResponse, effect, effectTypes, fingerprintDone, last, response, run } from './three-ds-machine-runner';

/** The terminal effect each populated field leads to. */
const FINAL_OUTCOMES: [string, ExecutionResponse, ThreeDsEffect['type'], ThreeDsState['phase']][] = [
  ['result', respond.result(), 'done', 'done'],
  ['redirect', respond.redirect(), 'redirect', 'left-page'],
  ['form_submit', respond.formSubmit(), 'form-submit', 'left-page'],
];

describe('spec: next step by populated field', () => {
  it.each([
    ['result', respond.result(), ['done'], 'done'],
    ['action THREE_DS_2_FINGERPRINT', respond.fingerprint(), ['run-fingerprint'], 'fingerprinting'],
    ['action THREE_DS_2_CHALLENGE', respond.challenge(), ['show-challenge'], 'challenging'],
    ['redirect', respond.redirect(), ['redirect'], 'left-page'],
    ['form_submit', respond.formSubmit(), ['form-submit'], 'left-page'],
  ] as const)('%s', (_field, authorizeResponse, effects, phase) => {
    const step = stepThreeDs(initialThreeDsState(), response(authorizeResponse));
    expect(effectTypes(step)).toEqual(effects);
    expect(step.state.phase).toBe(phase);
  });

  it('reads result first when the gateway populates more than one field', () => {
    const both = { ...respond.redirect(), result: fixtureTransaction('APPROVED') };
    expect(effectTypes(stepThreeDs(initialThreeDsState(), response(both)))).toEqual(['done']);
  });

  it('ends with unexpected_response when no field is populated', () => {
    const step = stepThreeDs(initialThreeDsState(), response(respond.empty()));
    expect(step.effects).toEqual([{ type: 'error', code: 'unexpected_response' }]);
  });
});

describe('spec: 3-D Secure steps', () => {
  describe('authorize → action THREE_DS_2_FINGERPRINT, redirect, form_submit, or result', () => {
    it.each(FINAL_OUTCOMES)('%s', (_field, authorizeResponse, effectType, phase) => {
      const step = stepThreeDs(initialThreeDsState(), response(authorizeResponse));
      expect(effectTypes(step)).toEqual([effectType]);
      expect(step.state.phase).toBe(phase);
    });

    it('action THREE_DS_2_FINGERPRINT: posts threeDSMethodData to the method URL, waiting 5 seconds', () => {
      const step = stepThreeDs(initialThreeDsState(), response(respond.fingerprint()));
      const fingerprint = effect(step, 'run-fingerprint');
      expect(fingerprint.methodUrl).toBe('https://acs.example:8443/method');
      expect(fingerprint.timeoutMs).toBe(5000);
      expect(decodeBase64Json(fingerprint.threeDSMethodData)).toEqual({
        threeDSServerTransID: '3ds-trans-1',
        threeDSMethodNotificationURL: 'https://gateway.example/three-ds/3ds-trans-1/method-notification',
      });
    });
  });

  describe('fingerprint → request-authentication → result, challenge, redirect or form_submit', () => {
    it('calls request-authentication with fingerprint_result Base64 of Y and the action payment_data', () => {
      const step = last(run([response(respond.fingerprint()), fingerprintDone(true)]));
      expect(step.effects).toEqual([
        {
          type: 'request-authentication',
          threeDsServerTransId: '3ds-trans-1',
          path: '/api/transactions/three-ds/3ds-trans-1/request-authentication',
          body: { fingerprint_result: 'WQ==', payment_data: 'opaque-payment-data' },
        },
      ]);
      expect(decodeBase64Utf8('WQ==')).toBe('Y');
      expect(step.state.phase).toBe('authenticating');
    });

    it.each(FINAL_OUTCOMES)('%s (frictionless when result)', (_field, authResponse, effectType, phase) => {
      const step = last(run([response(respond.fingerprint()), fingerprintDone(), response(authResponse)]));
      expect(effectTypes(step)).toEqual([effectType]);
      expect(step.state.phase).toBe(phase);
    });

    it('action THREE_DS_2_CHALLENGE: shows the CReq at the ACS in a frame of the token window size', () => {
      const step = last(run(TO_CHALLENGE));
      const challenge = effect(step, 'show-challenge');
      expect(challenge).toMatchObject({
        acsUrl: 'https://acs.example:8443/challenge',
        windowSize: '03',
        width: '500px',
        height: '600px',
        acsOrigin: 'https://acs.example:8443',
      });
      expect(decodeBase64Json<ChallengeRequest>(challenge.creq)).toEqual({
        threeDSServerTransID: '3ds-trans-1',
        acsTransID: 'acs-trans-1',
        messageVersion: '2.2.0',
        messageType: 'CReq',
        challengeWindowSize: '03',
      });
    });

    it('a second fingerprint instead of a challenge is unexpected', () => {
      const step = last(run([response(respond.fingerprint()), fingerprintDone(), response(respond.fingerprint())]));
      expect(effect(step, 'error').code).toBe('unexpected_response');
    });
  });

  describe('challenge (full-page redirect): the gateway finalizes and returns to return_url', () => {
    it('posts creq top-level to the ACS and never calls authentication-completed', () => {
      const step = last(run(TO_CHALLENGE, { challengeMode: 'redirect' }));
      expect(step.effects).toEqual([
        { type: 'form-submit', url: 'https://acs.example:8443/challenge', data: { creq: expect.any(String) } },
      ]);
      expect(step.state).toMatchObject({ phase: 'left-page' });
      expect(isThreeDsFinished(step.state)).toBe(true);
    });
  });

  describe('challenge (iframe) → authentication-completed with trans_status', () => {
    it.each(['Y', 'N', 'A', 'U', 'R'] as const)('sends the trans_status the ACS reported: %s', (status) => {
      const step = last(run([...TO_CHALLENGE, challengeResponse(status)]));
      expect(step.effects).toEqual([
        { type: 'close-challenge' },
        {
          type: 'authentication-completed',
          path: '/api/transactions/three-ds/authentication-completed',
          body: { payment_data: 'opaque-payment-data', session_id: 'session-1', trans_status: status },
        },
      ]);
      expect(step.state.phase).toBe('completing');
    });

    it.each(FINAL_OUTCOMES)('→ %s', (_field, completedResponse, effectType, phase) => {
      const step = last(run([...TO_COMPLETED, response(completedResponse)]));
      expect(effectTypes(step)).toEqual([effectType]);
      expect(step.state.phase).toBe(phase);
    });

    it('→ a further action', () => {
      const step = last(run([...TO_COMPLETED, response(respond.challenge())]));
      expect(effectTypes(step)).toEqual(['show-challenge']);
    });
  });

  describe('extra round, first: a new action, redirect or form_submit', () => {
    it.each([
      ['action THREE_DS_2_FINGERPRINT', respond.fingerprint(), 'run-fingerprint'],
      ['action THREE_DS_2_CHALLENGE', respond.challenge({ acs_trans_id: 'acs-trans-2' }), 'show-challenge'],
    ] as const)('%s starts round 2', (_field, extra, effectType) => {
      const step = last(run([...TO_COMPLETED, response(extra)]));
      expect(effectTypes(step)).toEqual([effectType]);
      expect(step.state.round).toBe(2);
    });

    it.each([
      ['redirect', respond.redirect(), 'redirect'],
      ['form_submit', respond.formSubmit(), 'form-submit'],
    ] as const)('%s leaves the page (the gateway owns the flow from there)', (_field, extra, effectType) => {
      const step = last(run([...TO_COMPLETED, response(extra)]));
      expect(effectTypes(step)).toEqual([effectType]);
      expect(step.state.phase).toBe('left-page');
    });

    it('runs the whole extra round through to a result', () => {
      const steps = run([
        ...TO_COMPLETED,
        response(respond.fingerprint({ three_ds_server_trans_id: '3ds-trans-2' })),
        fingerprintDone(),
        response(respond.challenge({ three_ds_server_trans_id: '3ds-trans-2', acs_trans_id: 'acs-trans-2' })),
        challengeResponse('Y'),
        response(respond.result('APPROVED')),
      ]);
      expect(effect(steps[5]!, 'request-authentication').threeDsServerTransId).toBe('3ds-trans-2');
      expect(decodeBase64Json(effect(steps[6]!, 'show-challenge').creq)).toMatchObject({ acsTransID: 'acs-trans-2' });
      expect(last(steps).effects).toEqual([{ type: 'done', transaction: fixtureTransaction('APPROVED'), approved: true }]);
    });
  });

  describe('extra round, after the second round: DECLINED', () => {
    const TO_SECOND_COMPLETED: ThreeDsEvent[] = [...TO_COMPLETED, response(respond.challenge()), challengeResponse('Y')];

    it('ends with the declined result the gateway sends', () => {
      const step = last(run([...TO_SECOND_COMPLETED, response(respond.result('DECLINED'))]));
      expect(effect(step, 'done')).toMatchObject({ approved: false, transaction: { status: 'DECLINED' } });
    });

    it.each([
      ['challenge', respond.challenge()],
      ['fingerprint', respond.fingerprint()],
    ])('stops with too_many_rounds should the gateway send another %s', (_kind, another) => {
      const step = last(run([...TO_SECOND_COMPLETED, response(another)]));
      expect(step.effects).toEqual([{ type: 'error', code: 'too_many_rounds', transactionId: 'trx-1' }]);
      expect(step.state).toMatchObject({ phase: 'error', code: 'too_many_rounds' });
    });
  });
});

describe('flows', () => {
  it('frictionless: fingerprint, then an approved result', () => {
    const steps = run([response(respond.fingerprint()), fingerprintDone(), response(respond.result())]);
    expect(steps.map(effectTypes)).toEqual([['run-fingerprint'], ['request-authentication'], ['done']]);
    expect(last(steps).state).toMatchObject({ phase: 'done', approved: true });
  });

  it('fingerprint, challenge, result', () => {
    const steps = run([...TO_COMPLETED, response(respond.result())]);
    expect(steps.map(effectTypes)).toEqual([
      ['run-fingerprint'],
      ['request-authentication'],
      ['show-challenge'],
      ['close-challenge', 'authentication-completed'],
      ['done'],
    ]);
  });

  it.each([null, ''])('no method URL (%j): no iframe, fingerprint_result Base64 of N at once', (methodUrl) => {
    const step = stepThreeDs(initialThreeDsState(), response(respond.fingerprint({ three_ds_method_url: methodUrl })));
    expect(step.effects).toEqual([
      expect.objectContaining({ type: 'request-authentication', body: { fingerprint_result: 'Tg==', payment_data: 'opaque-payment-data' } }),
    ]);
    expect(decodeBase64Utf8('Tg==')).toBe('N');
  });

  it('a method iframe that could not be posted reports N', () => {
    const step = last(run([response(respond.fingerprint()), fingerprintDone(false)]));
    expect(effect(step, 'request-authentication').body.fingerprint_result).toBe('Tg==');
  });

  it('escapes the 3-D Secure server transaction id in the path', () => {
    const step = stepThreeDs(initialThreeDsState(), response(respond.fingerprint({ three_ds_server_trans_id: 'a/b?c', three_ds_method_url: null })));
    expect(effect(step, 'request-authentication').path).toBe('/api/transactions/three-ds/a%2Fb%3Fc/request-authentication');
  });

  it('challenge canceled by the shopper: closes the frame and ends without calling the gateway', () => {
    const step = last(run([...TO_CHALLENGE, { type: 'challenge-closed' }]));
    expect(step.effects).toEqual([
      { type: 'close-challenge' },
      { type: 'error', code: 'challenge_canceled', transactionId: 'trx-1' },
    ]);
    expect(step.state).toMatchObject({ phase: 'error', code: 'challenge_canceled' });
  });

  it('redirect: the page leaves, nothing else happens', () => {
    const steps = run([response(respond.redirect('https://gateway.example/r/1')), response(respond.result())]);
    expect(steps[0]!.effects).toEqual([{ type: 'redirect', url: 'https://gateway.example/r/1' }]);
    expect(steps[1]!.ignored).toBe(true);
  });

  it('form_submit: posts the gateway fields as strings', () => {
    const withNumber = respond.formSubmit();
    (withNumber.form_submit!.data as Record<string, unknown>).attempt = 2;
    const step = stepThreeDs(initialThreeDsState(), response(withNumber));
    expect(step.effects).toEqual([
      { type: 'form-submit', url: 'https://gateway.example/three-ds/form/trx-1', data: { trans_status: 'Y', id: 'trx-1', attempt: '2' } },
    ]);
  });

  it('a DECLINED result ends done with approved false', () => {
    const step = last(run([...TO_COMPLETED, response(respond.result('DECLINED'))]));
    expect(step.effects).toEqual([{ type: 'done', transaction: fixtureTransaction('DECLINED'), approved: false }]);
  });

  it('a PENDING result ends done, not approved', () => {
    const step = stepThreeDs(initialThreeDsState(), response(respond.result('PENDING')));
    expect(effect(step, 'done')).toMatchObject({ approved: false, transaction: { pending: true } });
  });
});
