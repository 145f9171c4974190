/**
 * Reading `action.token` and building what the browser posts to the issuer: the
 * threeDSMethodData of the fingerprint step and the CReq of the challenge step (spec:
 * 3-D Secure calls). Shared by the state machine and the mock gateway's ACS.
 */
import { CHALLENGE_WINDOW_SIZES } from '../api-types';
import type { ChallengeRequest, ChallengeWindowSize, ThreeDsActionToken } from '../api-types';
import { decodeBase64Json, encodeBase64Json } from '../base64-json';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for one of the EMV challenge window sizes '01'–'05'. */
export function isChallengeWindowSize(value: unknown): value is ChallengeWindowSize {
  return typeof value === 'string' && Object.hasOwn(CHALLENGE_WINDOW_SIZES, value);
}

const STRING_FIELDS = [
  'acs_url',
  'message_version',
  'three_ds_server_trans_id',
  'three_ds_method_notification_url',
  'acs_trans_id',
] as const;

/**
 * Decodes `action.token` (Base64 JSON) into the action token, or undefined when it is not
 * Base64 JSON of one: every field of the spec with its type, a non-empty
 * three_ds_server_trans_id and a known challenge window size. An absent or empty
 * three_ds_method_url reads as null (spec: "if three_ds_method_url is present").
 */
export function decodeActionToken(token: unknown): ThreeDsActionToken | undefined {
  if (typeof token !== 'string') return undefined;
  let value: unknown;
  try {
    value = decodeBase64Json(token);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (!STRING_FIELDS.every((field) => typeof value[field] === 'string')) return undefined;
  const methodUrl = value.three_ds_method_url;
  if (methodUrl !== undefined && methodUrl !== null && typeof methodUrl !== 'string') return undefined;
  if (value.three_ds_server_trans_id === '' || !isChallengeWindowSize(value.challenge_window_size)) return undefined;
  return {
    acs_url: value.acs_url as string,
    message_version: value.message_version as string,
    three_ds_server_trans_id: value.three_ds_server_trans_id as string,
    three_ds_method_notification_url: value.three_ds_method_notification_url as string,
    three_ds_method_url: methodUrl ? methodUrl : null,
    acs_trans_id: value.acs_trans_id as string,
    challenge_window_size: value.challenge_window_size,
  };
}

/** The fingerprint form's single field: Base64 JSON {threeDSServerTransID, threeDSMethodNotificationURL}. */
export function buildThreeDsMethodData(token: ThreeDsActionToken): string {
  return encodeBase64Json({
    threeDSServerTransID: token.three_ds_server_trans_id,
    threeDSMethodNotificationURL: token.three_ds_method_notification_url,
  });
}

/** The CReq for the challenge step. */
export function buildChallengeRequest(token: ThreeDsActionToken): ChallengeRequest {
  return {
    threeDSServerTransID: token.three_ds_server_trans_id,
    acsTransID: token.acs_trans_id,
    messageVersion: token.message_version,
    messageType: 'CReq',
    challengeWindowSize: token.challenge_window_size,
  };
}

/** The `creq` form field: Base64 of the CReq JSON. */
export function encodeChallengeRequest(request: ChallengeRequest): string {
  return encodeBase64Json(request);
}
