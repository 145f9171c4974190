/**
 * The gateway's wire types, named and shaped as in the spec (`gateway-spec.md`). The answers'
 * shapes come from the gateway's OpenAPI document: generated/gateway-api.ts is what
 * openapi-typescript makes of packages/mock-gateway/openapi.json (`pnpm --filter
 * @payments/mock-gateway openapi`; a test fails while it is stale), so none is written twice.
 * Field names stay snake_case because these are JSON bodies on the wire.
 */
import type { components, operations } from './generated/gateway-api';

type Schemas = components['schemas'];
/** The JSON body of an operation's answer with this status. */
type Answer<O extends keyof operations, S extends number> = operations[O]['responses'] extends Record<S, { content: { 'application/json': infer B } }> ? B : never;

/** Status values: the spec shows CREATED, PENDING, APPROVED, DECLINED; the rest are our
 * decision for the terminal states its webhook section names (see README, "not shown"). */
export type TransactionStatus = Transaction['status'];

export type CardTransactionType = 'PURCHASE' | 'AUTHORIZE' | 'OCT' | 'PAYOUT';
export type ManagementType = 'CAPTURE' | 'REFUND' | 'VOID';
export type TransactionType = Transaction['transaction_type'];

export type IntegrationType = 'HPP' | 'EMBEDDED_FIELDS' | 'DIRECT_API';

/** 3-D Secure transStatus: Y authenticated, N not, U could not be performed, A attempted,
 * C challenge required, R rejected. */
export type TransStatus = 'Y' | 'N' | 'U' | 'A' | 'C' | 'R';
export const TRANS_STATUSES: readonly TransStatus[] = ['Y', 'N', 'U', 'A', 'C', 'R'];

export type Customer = Schemas['Customer'];

/** A transaction's customer with none of the spec's nine fields known. */
export function emptyCustomer(): Customer {
  return { id: null, first_name: null, last_name: null, email: null, phone: null, address: null, city: null, country: null, postal_code: null };
}

export type PaymentMethodData = Transaction['payment_method'];

export type ProcessingResult = Transaction['processing_result'];

export type RetryOptions = NonNullable<NonNullable<Transaction['data']>['retry_options']>;

/** ExtendedTransactionDto. */
export type Transaction = Schemas['Transaction'];

export type ActionType = Action['type'];

/** `token`: Base64 of the JSON {@link ThreeDsActionToken}; `payment_data`: opaque, sent back unchanged. */
export type Action = NonNullable<ExecutionResponse['action']>;

export type Redirect = NonNullable<ExecutionResponse['redirect']>;

export type FormSubmit = NonNullable<ExecutionResponse['form_submit']>;

/** The four-field response of authorize, payment, payout and the 3-D Secure calls. */
export type ExecutionResponse = Schemas['ExecutionResponse'];

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
export type PaymentSession = Schemas['PaymentSession'];

export type ApiErrorItem = ApiErrorBody['errors'][number];

/** The spec's error body, plus `code` (our addition: a processing code or a named code
 * such as INVALID_REQUEST_PAYMENT_METHOD_INACTIVE, so clients need not parse messages). */
export type ApiErrorBody = Schemas['ErrorBody'];

export type StatusResponse = Answer<'getTransactionStatus', 200>;

export type EncryptionKey = Schemas['EncryptionKey'];

/** A saved card as the browser may see it (GET /api/sessions/{id}/saved-cards): never the number or the BIN. */
export type SavedCardSummary = Answer<'listSessionSavedCards', 200>['saved_cards'][number];

/** The gateway document's paths and schemas (what an openapi-fetch client is typed with: the gateway's, the QA kit's). */
export type { components as GatewayComponents, paths as GatewayPaths } from './generated/gateway-api';
