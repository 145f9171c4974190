/**
 * The ACS's window message at the end of an iframe challenge (spec: 3-D Secure calls): JSON
 * with type CHALLENGE_RESPONSE and trans_status, accepted only from the ACS origin.
 */
import { TRANS_STATUSES } from '../api-types';
import type { TransStatus } from '../api-types';

/** The parts of a MessageEvent the check reads. */
export interface WindowMessage {
  origin: string;
  data: unknown;
}

function readData(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The trans_status of a CHALLENGE_RESPONSE message from `acsOrigin`, or undefined for any
 * other message (another origin, another type, an unknown status). The data may be the
 * JSON string the spec describes or an already parsed object.
 */
export function acceptChallengeResponse(message: WindowMessage, acsOrigin: string): TransStatus | undefined {
  if (message.origin !== acsOrigin || acsOrigin === 'null') return undefined;
  const data = readData(message.data);
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, trans_status: status } = data as { type?: unknown; trans_status?: unknown };
  if (type !== 'CHALLENGE_RESPONSE') return undefined;
  return TRANS_STATUSES.find((known) => known === status);
}
