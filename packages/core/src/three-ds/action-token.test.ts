import { describe, expect, it } from 'vitest';
import { decodeBase64Json, encodeBase64Json, encodeBase64UrlJson } from '../base64-json';
import {
  buildChallengeRequest,
  buildThreeDsMethodData,
  decodeActionToken,
  encodeChallengeRequest,
  isChallengeWindowSize,
} from './action-token';
import { fixtureActionToken } from './three-ds-fixtures';

describe('decodeActionToken', () => {
  it('decodes a gateway token', () => {
    expect(decodeActionToken(encodeBase64Json(fixtureActionToken()))).toEqual(fixtureActionToken());
  });

  it('accepts the URL-safe alphabet without padding', () => {
    expect(decodeActionToken(encodeBase64UrlJson(fixtureActionToken()))).toEqual(fixtureActionToken());
  });

  it('reads an absent or empty method URL as null', () => {
    const withoutMethodUrl: Record<string, unknown> = { ...fixtureActionToken() };
    delete withoutMethodUrl.three_ds_method_url;
    expect(decodeActionToken(encodeBase64Json(withoutMethodUrl))?.three_ds_method_url).toBeNull();
    expect(decodeActionToken(encodeBase64Json(fixtureActionToken({ three_ds_method_url: '' })))?.three_ds_method_url).toBeNull();
  });

  it('drops fields the spec does not name', () => {
    const decoded = decodeActionToken(encodeBase64Json({ ...fixtureActionToken(), extra: '<script>' }));
    expect(decoded).not.toHaveProperty('extra');
  });

  it.each([
    ['a number', 42],
    ['not Base64', '***'],
    ['Base64 of a string', encodeBase64Json('token')],
    ['Base64 of null', encodeBase64Json(null)],
    ['an empty server transaction id', encodeBase64Json(fixtureActionToken({ three_ds_server_trans_id: '' }))],
    ['a numeric ACS transaction id', encodeBase64Json({ ...fixtureActionToken(), acs_trans_id: 7 })],
    ['a method URL object', encodeBase64Json({ ...fixtureActionToken(), three_ds_method_url: {} })],
    ['window size 5 as a number', encodeBase64Json({ ...fixtureActionToken(), challenge_window_size: 5 })],
    ['window size toString', encodeBase64Json({ ...fixtureActionToken(), challenge_window_size: 'toString' })],
  ])('refuses %s', (_case, token) => {
    expect(decodeActionToken(token)).toBeUndefined();
  });
});

describe('isChallengeWindowSize', () => {
  it('knows 01 to 05 only', () => {
    expect(['01', '02', '03', '04', '05'].every(isChallengeWindowSize)).toBe(true);
    expect(['00', '06', '1', 1, 'constructor'].some(isChallengeWindowSize)).toBe(false);
  });
});

describe('3-D Secure messages', () => {
  it('builds threeDSMethodData with the EMV names', () => {
    expect(decodeBase64Json(buildThreeDsMethodData(fixtureActionToken()))).toEqual({
      threeDSServerTransID: '3ds-trans-1',
      threeDSMethodNotificationURL: 'https://gateway.example/three-ds/3ds-trans-1/method-notification',
    });
  });

  it('builds and encodes the CReq', () => {
    const creq = buildChallengeRequest(fixtureActionToken({ challenge_window_size: '01', message_version: '2.1.0' }));
    expect(creq).toEqual({
      threeDSServerTransID: '3ds-trans-1',
      acsTransID: 'acs-trans-1',
      messageVersion: '2.1.0',
      messageType: 'CReq',
      challengeWindowSize: '01',
    });
    expect(decodeBase64Json(encodeChallengeRequest(creq))).toEqual(creq);
  });
});
