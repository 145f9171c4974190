import { TEST_CARDS } from '@payments/core';
import { describe, expect, it } from 'vitest';
import { decideAuthorization, flowTraits, planAuthentication } from './simulators';

const card = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario && c.network === 1)!.number;

describe('simplified simulator', () => {
  it('decides by the spec card table, for both networks', () => {
    for (const c of TEST_CARDS) {
      const plan = planAuthentication(c.number, {}, 'simplified');
      const expected = {
        'frictionless-approved': { kind: 'frictionless', transStatus: 'Y' },
        'insufficient-funds': { kind: 'frictionless', transStatus: 'Y' },
        redirect: { kind: 'redirect' },
        'form-submit-approved': { kind: 'form_submit', transStatus: 'Y' },
        'form-submit-declined': { kind: 'form_submit', transStatus: 'N' },
      }[c.scenario];
      expect(plan, c.number).toEqual(expected);
    }
  });

  it('ignores spaces in the card number', () => {
    expect(planAuthentication('4000 0000 0000 0010', {}, 'simplified')).toEqual({ kind: 'redirect' });
  });

  it('uses metadata for other cards', () => {
    expect(planAuthentication('4111111111111111', { simulate_redirect: true }, 'simplified')).toEqual({ kind: 'redirect' });
    expect(planAuthentication('4111111111111111', { simulate_form_submit: '{"trans_status":"N"}' }, 'simplified')).toEqual({
      kind: 'form_submit',
      transStatus: 'N',
    });
    expect(planAuthentication('4111111111111111', { simulate_form_submit: '{}' }, 'simplified')).toEqual({
      kind: 'form_submit',
      transStatus: 'Y',
    });
    expect(planAuthentication('4111111111111111', {}, 'simplified')).toEqual({ kind: 'skip' });
  });

  it('lets response_code decide when 3-D Secure is skipped', () => {
    expect(decideAuthorization('4111111111111111', {})).toEqual({ status: 'APPROVED' });
    expect(decideAuthorization('4111111111111111', { response_code: 'TRX_STATUS_DECLINED' }).status).toBe('DECLINED');
    expect(decideAuthorization('4111111111111111', { response_code: 'TRX_STATUS_FAILED' }).status).toBe('FAILED');
  });

  it('declines the insufficient-funds card with 1004 whatever the metadata says', () => {
    expect(decideAuthorization(card('insufficient-funds'), { response_code: 'TRX_STATUS_APPROVED' })).toMatchObject({
      status: 'DECLINED',
      code: '1004',
      message: 'TRX_STATUS_DECLINED_INSUFFICIENT_FUNDS',
    });
  });
});

describe('full simulator', () => {
  it('is selected by simulated_flow on any terminal', () => {
    expect(planAuthentication(card('redirect'), { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' }, 'simplified')).toEqual({
      kind: 'full',
      flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE',
    });
  });

  it('has a default flow on a full-simulator terminal', () => {
    expect(planAuthentication('4111111111111111', {}, 'full')).toEqual({
      kind: 'full',
      flow: 'VERSIONING_FINGERPRINT_A_FRICTIONLESS',
    });
  });

  it('describes the flows the spec shows', () => {
    expect(flowTraits('VERSIONING_NOT_ENROLLED').enrolled).toBe(false);
    expect(flowTraits('VERSIONING_FINGERPRINT_N_FRICTIONLESS').afterFingerprint).toBe('frictionless-N');
    expect(flowTraits('VERSIONING_NO_METHOD_URL_CHALLENGE').methodUrl).toBe(false);
    expect(flowTraits('VERSIONING_FINGERPRINT_Y_CHALLENGE_TWO_EXTRA_ROUNDS').extraRounds).toBe(2);
  });
});
