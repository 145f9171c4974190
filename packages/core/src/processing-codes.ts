/** The spec's processing codes (Errors, processing codes). */
export const PROCESSING_CODES = {
  APPROVED: '0000',
  DECLINED: '1000',
  FAILED: '1001',
  PENDING: '1002',
  CANCELED: '1003',
  INSUFFICIENT_FUNDS: '1004',
  SESSION_EXPIRED: '1005',
  INVALID_REQUEST: '2000',
  TERMINAL_NOT_FOUND: '2013',
  TERMINAL_INACTIVE: '2014',
  TERMINAL_NOT_ACCEPTING_PAYMENTS: '2015',
  MERCHANT_INACTIVE: '2017',
} as const;

export type ProcessingCode = (typeof PROCESSING_CODES)[keyof typeof PROCESSING_CODES];

/** Named error codes that are not processing codes. */
export const ERROR_CODES = {
  PAYMENT_METHOD_INACTIVE: 'INVALID_REQUEST_PAYMENT_METHOD_INACTIVE',
  PAYMENT_METHOD_EXPIRED: 'INVALID_REQUEST_PAYMENT_METHOD_EXPIRED',
  /** A saved card used for a customer it does not belong to (or in a guest session). */
  PAYMENT_METHOD_CUSTOMER_MISMATCH: 'INVALID_REQUEST_PAYMENT_METHOD_CUSTOMER_MISMATCH',
  /** The session or hosted page had too many declined attempts (card-testing limit). */
  TOO_MANY_ATTEMPTS: 'INVALID_REQUEST_TOO_MANY_ATTEMPTS',
} as const;

/**
 * `metadata.response_code` values of the simplified simulator. TRX_STATUS_PENDING is the
 * mock's own: the authorization waits for the provider (settled by a test route).
 */
export const RESPONSE_CODES = ['TRX_STATUS_APPROVED', 'TRX_STATUS_DECLINED', 'TRX_STATUS_FAILED', 'TRX_STATUS_PENDING'] as const;
export type ResponseCode = (typeof RESPONSE_CODES)[number];
