import { describe, expect, it } from 'vitest';
import { acceptChallengeResponse } from './challenge-message';

const ACS = 'https://acs.example:8443';
const message = (data: unknown, origin = ACS) => ({ origin, data });

describe('acceptChallengeResponse', () => {
  it('reads the JSON string the spec describes', () => {
    expect(acceptChallengeResponse(message('{"type":"CHALLENGE_RESPONSE","trans_status":"Y"}'), ACS)).toBe('Y');
  });

  it('reads an object posted with structured clone', () => {
    expect(acceptChallengeResponse(message({ type: 'CHALLENGE_RESPONSE', trans_status: 'N' }), ACS)).toBe('N');
  });

  it('drops messages from any other origin, including the same host on another port or scheme', () => {
    const data = { type: 'CHALLENGE_RESPONSE', trans_status: 'Y' };
    for (const origin of ['https://evil.example', 'https://acs.example', 'http://acs.example:8443', 'null']) {
      expect(acceptChallengeResponse(message(data, origin), ACS), origin).toBeUndefined();
    }
  });

  it('never matches an opaque origin', () => {
    expect(acceptChallengeResponse(message({ type: 'CHALLENGE_RESPONSE', trans_status: 'Y' }, 'null'), 'null')).toBeUndefined();
  });

  it('drops other message types, unknown statuses and junk', () => {
    for (const data of [
      { type: 'PENPAL', trans_status: 'Y' },
      { type: 'CHALLENGE_RESPONSE', trans_status: 'y' },
      { type: 'CHALLENGE_RESPONSE' },
      '{"type":"CHALLENGE_RESPONSE"',
      null,
      42,
    ]) {
      expect(acceptChallengeResponse(message(data), ACS), JSON.stringify(data)).toBeUndefined();
    }
  });
});
