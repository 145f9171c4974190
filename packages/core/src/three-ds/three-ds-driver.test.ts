import { describe, expect, it } from 'vitest';
import type { ExecutionResponse, Transaction } from '../api-types';
import { encodeBase64Json } from '../base64-json';
import { runThreeDs, type ThreeDsAdapter } from './three-ds-driver';

const tx = (status: string, approved: boolean) => ({ id: 'tx-1', status, approved }) as unknown as Transaction;
const result = (status: string, approved: boolean): ExecutionResponse => ({ result: tx(status, approved), action: null, redirect: null, form_submit: null });
const token = (methodUrl: string | null) =>
  encodeBase64Json({
    acs_url: 'https://acs.example/challenge',
    message_version: '2.2.0',
    three_ds_server_trans_id: 'srv-1',
    three_ds_method_notification_url: 'https://gw.example/n',
    three_ds_method_url: methodUrl,
    acs_trans_id: 'acs-1',
    challenge_window_size: '02',
  });
const action = (type: 'THREE_DS_2_FINGERPRINT' | 'THREE_DS_2_CHALLENGE', methodUrl: string | null = 'https://acs.example/method'): ExecutionResponse => ({
  result: null,
  action: { transaction_id: 'tx-1', session_id: 'srv-1', type, token: token(methodUrl), payment_data: 'pd' },
  redirect: null,
  form_submit: null,
});

function fakeAdapter(responses: ExecutionResponse[], challenge: 'Y' | 'N' | 'closed' = 'Y') {
  const calls: string[] = [];
  const adapter: ThreeDsAdapter = {
    async post(path, body) {
      calls.push(`post ${path} ${JSON.stringify(body)}`);
      const next = responses.shift();
      if (!next) throw new Error('network down');
      return next;
    },
    async runFingerprint(methodUrl) {
      calls.push(`fingerprint ${methodUrl}`);
      return true;
    },
    async showChallenge(effect) {
      calls.push(`challenge ${effect.acsOrigin} ${effect.width}x${effect.height}`);
      return challenge === 'closed' ? { kind: 'closed' } : { kind: 'response', transStatus: challenge };
    },
    closeChallenge: () => calls.push('close'),
    redirect: (url) => calls.push(`redirect ${url}`),
    formSubmit: (url) => calls.push(`form ${url}`),
  };
  return { adapter, calls };
}

describe('runThreeDs', () => {
  it('finishes at once for a frictionless result', async () => {
    const { adapter, calls } = fakeAdapter([]);
    expect(await runThreeDs(result('APPROVED', true), adapter)).toMatchObject({ kind: 'done', approved: true });
    expect(calls).toEqual([]);
  });

  it('runs fingerprint, request-authentication, challenge, authentication-completed', async () => {
    const { adapter, calls } = fakeAdapter([action('THREE_DS_2_CHALLENGE'), result('APPROVED', true)]);
    const outcome = await runThreeDs(action('THREE_DS_2_FINGERPRINT'), adapter);
    expect(outcome).toMatchObject({ kind: 'done', approved: true });
    expect(calls[0]).toBe('fingerprint https://acs.example/method');
    expect(calls[1]).toContain('/api/transactions/three-ds/srv-1/request-authentication');
    expect(calls[1]).toContain(JSON.stringify(btoa('Y')));
    expect(calls[2]).toBe('challenge https://acs.example 390pxx400px');
    // The modal closes as soon as the ACS answers; then the gateway hears the result.
    expect(calls.slice(3)).toEqual([
      'close',
      expect.stringContaining('/api/transactions/three-ds/authentication-completed {"payment_data":"pd","session_id":"srv-1","trans_status":"Y"}'),
    ]);
  });

  it('declines as a result, not an error', async () => {
    const { adapter } = fakeAdapter([action('THREE_DS_2_CHALLENGE'), result('DECLINED', false)], 'N');
    expect(await runThreeDs(action('THREE_DS_2_FINGERPRINT'), adapter)).toMatchObject({ kind: 'done', approved: false });
  });

  it('reports a closed challenge and a failed call as errors', async () => {
    const closed = fakeAdapter([action('THREE_DS_2_CHALLENGE')], 'closed');
    expect(await runThreeDs(action('THREE_DS_2_FINGERPRINT'), closed.adapter)).toMatchObject({ kind: 'error', code: 'challenge_canceled' });
    const down = fakeAdapter([]);
    expect(await runThreeDs(action('THREE_DS_2_FINGERPRINT'), down.adapter)).toMatchObject({ kind: 'error', code: 'request_failed' });
  });

  it('leaves the page for a redirect', async () => {
    const { adapter, calls } = fakeAdapter([]);
    const redirect: ExecutionResponse = { result: null, action: null, redirect: { transaction_id: 'tx-1', session_id: 's', url: 'https://acs.example/r' }, form_submit: null };
    expect(await runThreeDs(redirect, adapter)).toEqual({ kind: 'left-page' });
    expect(calls).toEqual(['redirect https://acs.example/r']);
  });
});
