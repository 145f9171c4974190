/**
 * The data that crosses the frame boundary and reaches the merchant: locale, styles, field
 * and component states, the shopper's data, errors, transactions and payment responses.
 * Shared by the merchant-page code (host/) and the gateway-origin code (secure/), and part
 * of the public declarations (scripts/write-dts.ts joins it with host/public-api.ts), so it
 * imports nothing.
 */

export type Locale = 'en-US' | 'bs-BA' | 'ro-RO' | 'sv-SE';

/**
 * CSS variables allowed into the secure frame. Values are checked (colours, lengths,
 * font families, font weights); anything else is dropped, never applied.
 */
export interface FieldStyles {
  '--ef-font-family'?: string | undefined;
  '--ef-font-size'?: string | undefined;
  '--ef-font-weight'?: string | undefined;
  '--ef-color-text'?: string | undefined;
  '--ef-color-placeholder'?: string | undefined;
  '--ef-color-background'?: string | undefined;
  '--ef-color-border'?: string | undefined;
  '--ef-color-focus'?: string | undefined;
  '--ef-color-error'?: string | undefined;
  '--ef-color-label'?: string | undefined;
  '--ef-radius'?: string | undefined;
  '--ef-spacing'?: string | undefined;
  '--ef-input-padding'?: string | undefined;
  '--ef-border-width'?: string | undefined;
  /** Per-state rules (Theme.rules): the inputs' text, background and border colours while focused, */
  '--ef-focus-color-text'?: string | undefined;
  '--ef-focus-color-background'?: string | undefined;
  '--ef-focus-color-border'?: string | undefined;
  /** ... while showing an error, */
  '--ef-invalid-color-text'?: string | undefined;
  '--ef-invalid-color-background'?: string | undefined;
  '--ef-invalid-color-border'?: string | undefined;
  /** ... and once complete and valid. */
  '--ef-complete-color-text'?: string | undefined;
  '--ef-complete-color-background'?: string | undefined;
  '--ef-complete-color-border'?: string | undefined;
}

/** The card form's fields as translation keys name them. */
export type TranslatedField = 'number' | 'expiry' | 'cvv' | 'holderName' | 'email';

/** The card field error codes (FieldState.error) whose message `card.error.<code>` overrides. */
export type CardFieldErrorCode =
  | 'card_number_required'
  | 'card_number_incomplete'
  | 'card_number_invalid'
  | 'card_number_unsupported'
  | 'expiry_required'
  | 'expiry_incomplete'
  | 'expiry_invalid'
  | 'expiry_invalid_month'
  | 'expiry_in_past'
  | 'expiry_too_far'
  | 'cvv_required'
  | 'cvv_incomplete'
  | 'cvv_invalid'
  | 'holder_name_required'
  | 'email_required';

/**
 * Every string of the card form a merchant may override (the `translations` option):
 * each field's label and placeholder, each field error message, the save-card checkbox.
 */
export type TranslationKey =
  | `card.${TranslatedField}.${'label' | 'placeholder'}`
  | `card.error.${CardFieldErrorCode}`
  | 'card.saveCard.label';

/**
 * Overrides per locale: `{ 'sv-SE': { 'card.number.label': 'Kortnummer' } }`. Plain text
 * (never HTML), at most 200 characters each; used when the component shows that locale.
 */
export type Translations = Partial<Record<Locale, Partial<Record<TranslationKey, string | undefined>> | undefined>>;

export type FieldName = 'number' | 'expiry' | 'cvv' | 'holderName' | 'email';
/** The alternative-payment-method component's fields: the method choice, shopper data, BLIK code. */
export type AlternativeFieldName = 'method' | 'email' | 'firstName' | 'lastName' | 'blikCode';

/** A field's state as onChange reports it: never the value itself. */
export interface FieldState {
  empty: boolean;
  /** Nothing more can be typed (focus moves on). */
  complete: boolean;
  valid: boolean;
  /** An error code such as card_number_invalid, expiry_in_past; null when none. */
  error: string | null;
  /** On the number field: the detected brand (visa, mastercard, amex, …). */
  brand?: string | null;
}

export interface ComponentState {
  valid: boolean;
  /**
   * The card's brand (visa, mastercard, …); for a co-badged card, the network chosen for the
   * payment (cartes_bancaires, visa, …), one of `brands`. Null when none shows yet.
   */
  brand: string | null;
  /**
   * card: every network of the number typed so far, in the order the card lists them; two or
   * more for a co-badged card (`['cartes_bancaires', 'visa']`), when the shopper chooses.
   */
  brands?: string[];
  fields: Partial<Record<FieldName | AlternativeFieldName, FieldState>>;
  /** alternative-payment-method: the chosen method's type (e.g. provider-x-local), or null. */
  method?: string | null;
}

/** The customer keys of submitPayment (spec: submitPayment customer keys). */
export interface Customer {
  firstName?: string | undefined;
  lastName?: string | undefined;
  address?: string | undefined;
  city?: string | undefined;
  postalCode?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country?: string | undefined;
  /** E.164, e.g. +38761123456. */
  phone?: string | undefined;
  email?: string | undefined;
}

/** What getCustomer() answers: what the shopper typed in the optional fields. */
export interface HolderData {
  holderName?: string;
  email?: string;
  /** alternative-payment-method, when its name fields are shown. */
  firstName?: string;
  lastName?: string;
}

/**
 * Every code a PaymentError can carry: exactly what the code emits, each with its meaning.
 * A merchant can `switch` on it and the compiler knows every case.
 */
export type PaymentErrorCode =
  /** submitPayment's customer keys are not valid (see `fields`); nothing was sent. */
  | 'invalid_customer'
  /** A card field is missing or not valid; nothing was sent. */
  | 'invalid_card'
  /** The chosen method's data is not valid (e.g. a BLIK code); nothing was sent. */
  | 'invalid_payment_method'
  /** alternative-payment-method: no method chosen; nothing was sent. */
  | 'no_payment_method'
  /** alternative-payment-method: the session's terminal offers no method that fits. */
  | 'payment_method_unavailable'
  /** saved-card: the card has expired (checked before sending, or the gateway said so). */
  | 'payment_method_expired'
  /** saved-card: the card was deleted or deactivated. */
  | 'payment_method_inactive'
  /** The session has expired (processing code SESSION_EXPIRED): create a new one. */
  | 'session_expired'
  /** Card testing: too many declined attempts on this session (INVALID_REQUEST_TOO_MANY_ATTEMPTS); start a new checkout. */
  | 'too_many_attempts'
  /** The gateway refused the client key or session (HTTP 401). */
  | 'unauthorized'
  /** The gateway refused the payment request (a 4xx with its code in gatewayCode). */
  | 'payment_refused'
  /** The gateway answered 5xx or not as the spec says; paying again with the session is safe. */
  | 'gateway_error'
  /** The gateway could not be reached; paying again with the session is safe. */
  | 'network_error'
  /** The shopper closed the 3-D Secure challenge; nothing was authenticated. */
  | 'challenge_canceled'
  /** The issuer asked for a further 3-D Secure round after the one extra round. */
  | 'too_many_rounds'
  /** The gateway's 3-D Secure action token is not usable. */
  | 'invalid_action_token'
  /** A 3-D Secure URL to frame, post to or navigate to is not http(s). */
  | 'unsafe_url'
  /** A gateway answer fits no step of the 3-D Secure flow. */
  | 'unexpected_response'
  /** The component is not mounted (or its frame not drawn yet). */
  | 'not_mounted'
  /** The secure frame did not load or connect. */
  | 'frame_load_failed'
  /** Split fields: a gateway frame the card did not open joined its fields (a replayed group id); nothing was sent. Mount the card again. */
  | 'fields_conflict';

/** The one error type: a code from the closed table above and a localized message. */
export interface PaymentError {
  code: PaymentErrorCode;
  /** A clear message in the component's locale. */
  message: string;
  /** Per-field problems, for invalid_customer, invalid_card and invalid_payment_method. */
  fields?: { field: string; code: string; message: string }[];
  /** The gateway's processing code or named code, when it gave one. */
  gatewayCode?: string;
}

/**
 * Transaction status: the spec shows CREATED, PENDING, APPROVED, DECLINED; FAILED, CANCELED,
 * EXPIRED and VOIDED are the terminal states its webhooks name (README, "not shown").
 */
export type TransactionStatus = 'CREATED' | 'PENDING' | 'APPROVED' | 'DECLINED' | 'FAILED' | 'CANCELED' | 'EXPIRED' | 'VOIDED';

/** The spec's transaction (ExtendedTransactionDto), as the gateway returned it. */
export interface Transaction {
  id: string;
  reference: string;
  status: TransactionStatus;
  approved: boolean;
  pending: boolean;
  amount: number;
  currency: string;
  transaction_type: string;
  processing_code: string | null;
  response_message: string | null;
  payment_method: { type: string; brand: string | null; masked: string | null; token: string | null };
  [field: string]: unknown;
}

/** What submitPayment's callback gets: an approved payment, or one that ended otherwise. */
export type PaymentResponse =
  | { approved: true; status: 'APPROVED'; transaction: Transaction }
  | { approved: false; status: Exclude<TransactionStatus, 'APPROVED'>; transaction: Transaction };
