/** Codes with which the 3-D Secure flow can end without a result. */
export const THREE_DS_ERROR_CODES = [
  /** The shopper closed the challenge; the transaction stays unauthenticated. */
  'challenge_canceled',
  /** The gateway asked for a further authentication round after the one extra round. */
  'too_many_rounds',
  /** `action.token` is not Base64 JSON of a usable action token. */
  'invalid_action_token',
  /** A URL to frame, post to or navigate to is not http(s). */
  'unsafe_url',
  /** The gateway's response fits no step of the flow. */
  'unexpected_response',
  /** A gateway call failed (network, HTTP status, time-out), as the adapter reported. */
  'request_failed',
] as const;

/** A 3-D Secure error code. */
export type ThreeDsErrorCode = (typeof THREE_DS_ERROR_CODES)[number];
