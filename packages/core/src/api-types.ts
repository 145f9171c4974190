/**
 * The gateway's wire types, named and shaped as in the spec (`gateway-spec.md`).
 * Field names stay snake_case because these are JSON bodies on the wire.
 */

/** Status values: the spec shows CREATED, PENDING, APPROVED, DECLINED; the rest are our
 * decision for the terminal states its webhook section names (see README, "not shown"). */
export type TransactionStatus =
  | 'CREATED'
  | 'PENDING'
  | 'APPROVED'
  | 'DECLINED'
  | 'FAILED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'VOIDED';

export type CardTransactionType = 'PURCHASE' | 'AUTHORIZE' | 'OCT' | 'PAYOUT';
export type ManagementType = 'CAPTURE' | 'REFUND' | 'VOID';
export type TransactionType = CardTransactionType | ManagementType | 'PAYMENT';

export type IntegrationType = 'HPP' | 'EMBEDDED_FIELDS' | 'DIRECT_API';

/** 3-D Secure transStatus: Y authenticated, N not, U could not be performed, A attempted,
 * C challenge required, R rejected. */
export type TransStatus = 'Y' | 'N' | 'U' | 'A' | 'C' | 'R';
export const TRANS_STATUSES: readonly TransStatus[] = ['Y', 'N', 'U', 'A', 'C', 'R'];

export interface Customer {
  id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postal_code: string | null;
}

/** A transaction's customer with none of the spec's nine fields known. */
export function emptyCustomer(): Customer {
  return { id: null, first_name: null, last_name: null, email: null, phone: null, address: null, city: null, country: null, postal_code: null };
}

export interface PaymentMethodData {
  type: string;
  brand: string | null;
  hash: string | null;
  masked: string | null;
  method: string | null;
  token: string | null;
}

export interface ProcessingResult {
  approval_code: string | null;
  payment_provider_account_id: string | null;
  payment_provider_id: string | null;
  reference_number: string | null;
}

export interface RetryOptions {
  data: Record<string, unknown> | null;
  payment_provider_account_id: string;
  payment_provider_id: string;
  retry_count: number;
  status: string;
}

/** ExtendedTransactionDto. */
export interface Transaction {
  id: string;
  merchant_id: string;
  order_id: string;
  terminal_id: string;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  customer: Customer;
  customer_ip: string | null;
  processing_result: ProcessingResult;
  approved: boolean;
  pending: boolean;
  channel: 'ecommerce';
  transaction_type: TransactionType;
  status: TransactionStatus;
  payment_method: PaymentMethodData;
  redirect_url: string | null;
  normalized_amount: number;
  errors: unknown[];
  processing_code: string | null;
  response_message: string | null;
  data: { retry_options: RetryOptions | null } | null;
}

export type ActionType = 'THREE_DS_2_FINGERPRINT' | 'THREE_DS_2_CHALLENGE';

export interface Action {
  transaction_id: string;
  session_id: string;
  type: ActionType;
  /** Base64 of the JSON {@link ThreeDsActionToken}. */
  token: string;
  /** Opaque; sent back unchanged. */
  payment_data: string;
}

export interface Redirect {
  transaction_id: string;
  session_id: string;
  url: string;
}

export interface FormSubmit {
  transaction_id: string;
  session_id: string;
  url: string;
  data: Record<string, string>;
}

/** The four-field response of authorize, payment, payout and the 3-D Secure calls. */
export interface ExecutionResponse {
  result: Transaction | null;
  action: Action | null;
  redirect: Redirect | null;
  form_submit: FormSubmit | null;
}

/** The decoded `action.token`. */
export interface ThreeDsActionToken {
  acs_url: string;
  message_version: string;
  three_ds_server_trans_id: string;
  three_ds_method_notification_url: string;
  three_ds_method_url: string | null;
  acs_trans_id: string;
  challenge_window_size: ChallengeWindowSize;
}

/** EMV 3DS challenge window sizes: 01 250x400, 02 390x400, 03 500x600, 04 600x400, 05 full. */
export type ChallengeWindowSize = '01' | '02' | '03' | '04' | '05';

export const CHALLENGE_WINDOW_SIZES: Readonly<Record<ChallengeWindowSize, { width: string; height: string }>> = {
  '01': { width: '250px', height: '400px' },
  '02': { width: '390px', height: '400px' },
  '03': { width: '500px', height: '600px' },
  '04': { width: '600px', height: '400px' },
  '05': { width: '100%', height: '100%' },
};

/** The CReq posted (Base64 JSON, form field `creq`) to the ACS. */
export interface ChallengeRequest {
  threeDSServerTransID: string;
  acsTransID: string;
  messageVersion: string;
  messageType: 'CReq';
  challengeWindowSize: ChallengeWindowSize;
}

/** The window message the ACS posts to the page that framed the challenge. */
export interface ChallengeResponseMessage {
  type: 'CHALLENGE_RESPONSE';
  trans_status: TransStatus;
}

export interface BrowserInfo {
  user_agent: string;
  accept_header: string;
  java_enabled: boolean;
  color_depth: number;
  screen_height: number;
  screen_width: number;
  time_zone_offset: number;
  language: string;
}

/** Response of POST /api/sessions. */
export interface PaymentSession {
  id: string;
  terminal_id: string;
  reference: string;
  description: string;
  currency: string;
  amount: number;
  return_url: string;
  customer: Customer | null;
  country: string | null;
  status: 'CREATED' | 'COMPLETED' | 'EXPIRED';
  transaction_type: 'AUTHORIZE' | 'PURCHASE';
}

export interface ApiErrorItem {
  message: string;
  params: string[];
  property: string;
}

/** The spec's error body, plus `code` (our addition: a processing code or a named code
 * such as INVALID_REQUEST_PAYMENT_METHOD_INACTIVE, so clients need not parse messages). */
export interface ApiErrorBody {
  errors: ApiErrorItem[];
  method: string;
  status: number;
  code?: string;
}

export interface StatusResponse {
  found: boolean;
  transaction: Transaction | null;
}

export interface EncryptionKey {
  key_id: string;
  algorithm: 'RSA-OAEP-256';
  /** SPKI, PEM. */
  public_key: string;
}

/** A saved card as the browser may see it (GET /api/sessions/{id}/saved-cards): never the number or the BIN. */
export interface SavedCardSummary {
  id: string;
  brand: string | null;
  masked: string;
  exp_month: number;
  exp_year: number;
}
