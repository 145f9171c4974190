/**
 * What the gateway keeps. A record wraps the wire DTO with what the gateway must remember
 * but does not show (secrets of the flow, amounts already captured, where to send the
 * shopper). Records are plain data so a store can serialize them.
 */
import type {
  ChallengeWindowSize,
  Customer,
  ExecutionResponse,
  IntegrationType,
  PaymentSession,
  SimulatedFlow,
  Transaction,
  TransStatus,
} from '@payments/core';

export interface CardFacts {
  bin: string;
  last4: string;
  brand: string | null;
  exp_month: number;
  exp_year: number;
  /** Full number is kept only for the simulator's decision, never returned. */
  number: string;
}

/** One step of a 3-D Secure authentication, for the dashboard's timeline (payments/three-ds/steps.ts). */
export interface ThreeDsStep {
  /** Gateway clock. */
  at: string;
  step: 'fingerprint' | 'fingerprint_completed' | 'frictionless' | 'challenge' | 'challenge_answered' | 'redirect' | 'form_submit' | 'authenticated' | 'not_enrolled';
  /** Who decided the outcome at this step: the issuer's page (the shopper at the ACS), or the simulator; null when nothing was decided. */
  decided_by: 'issuer' | 'simulator' | null;
  trans_status: TransStatus | null;
}

/** Where a 3-D Secure authentication stands for one transaction. */
export interface ThreeDsState {
  server_trans_id: string;
  acs_trans_id: string;
  /** The opaque payment_data the client must echo. */
  payment_data: string;
  flow: SimulatedFlow | 'SIMPLIFIED';
  stage: 'FINGERPRINT' | 'CHALLENGE' | 'REDIRECT' | 'FORM_SUBMIT' | 'DONE';
  /** Challenges completed so far; the spec allows one extra round. */
  rounds: number;
  challenge_window_size: ChallengeWindowSize;
  notification_url: string;
  /** What the ACS itself recorded for the current challenge (the RReq), if anything. */
  acs_result: TransStatus | null;
  /** The final authentication outcome. */
  trans_status: TransStatus | null;
  /** What a form-submit step will post (the simulator's decision, kept server-side). */
  expected_trans_status: TransStatus | null;
  /** Whether the 3DS method notification arrived (the fingerprint really ran). */
  method_completed: boolean;
  /** What happened so far, oldest first (absent on records from before the dashboard). */
  steps?: ThreeDsStep[];
}

export interface TransactionRecord {
  transaction: Transaction;
  integration_type: IntegrationType;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  parent_id: string | null;
  session_id: string | null;
  originator_url: string;
  return_url: string | null;
  error_url: string | null;
  cancel_url: string | null;
  card: CardFacts | null;
  three_ds: ThreeDsState | null;
  /** Sum of approved captures (AUTHORIZE) or refunds (PURCHASE and captures). */
  captured_amount: number;
  refunded_amount: number;
  /** The execution response last given, returned again on an idempotent repeat. */
  last_response: ExecutionResponse | null;
  /** Statuses already announced by webhook, so a status is never announced twice. */
  announced_statuses: string[];
  tokenize: { save: boolean; tokenize_for: string; customer_id: string | null } | null;
  /** provider-x-local: the shopper gave a BLIK code up front and may skip entering it. */
  blik_code_given: boolean;
  /**
   * The shopper's language as the payment request gave it (browser_info.language, or a
   * method's data.language): the issuer's and providers' pages speak it (acs/shopper-locale.ts).
   */
  shopper_language?: string;
}

export interface SessionRecord {
  session: PaymentSession;
  kind: 'EMBEDDED_FIELDS' | 'HPP';
  merchant_id: string;
  originator_url: string;
  metadata: Record<string, unknown>;
  created_at_ms: number;
  expires_at_ms: number;
  /** Transactions attempted in this session, oldest first. */
  transaction_ids: string[];
  /** Embedded Fields: the merchant opted out of CVV for saved cards (options.cvv_less). */
  cvv_less?: boolean;
  hpp: {
    success_url: string;
    cancel_url: string;
    error_url: string;
    language: string | null;
    options: { number_of_instalments?: number[]; skip_three_ds?: boolean; cvv_less?: boolean };
    customer_id: string | null;
  } | null;
}

export interface StoredCustomer {
  id: string;
  merchant_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  description: string | null;
  type: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postal_code: string | null;
  region: string | null;
}

export interface SavedPaymentMethod {
  id: string;
  merchant_id: string;
  type: 'CARD';
  status: 'ACTIVE' | 'DELETED';
  customer_id: string;
  email: string | null;
  metadata: Record<string, unknown>;
  card: {
    brand: string | null;
    bin: string;
    last_4: string;
    masked: string;
    exp_month: number;
    exp_year: number;
    /** Kept so the simulator can decide a saved-card payment like the original card. */
    number: string;
  };
  tokenize_for: string;
  created_at: string;
}

export interface AccessToken {
  token: string;
  merchant_id: string;
  client_id: string;
  scopes: string[];
  expires_at_ms: number;
  /** A refresh token (good for one exchange), not an access token. */
  refresh?: boolean;
}

export type { Customer };
