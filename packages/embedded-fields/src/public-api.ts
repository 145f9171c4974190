/**
 * The merchant-facing API of embedded-fields.js, as the spec's Embedded Fields section
 * names it. This file is self-contained (no imports): the build turns it into
 * dist/embedded-fields.d.ts, so it is exactly what merchants' TypeScript sees.
 */

export type Locale = 'en-US' | 'bs-BA' | 'ro-RO' | 'sv-SE';
export type Environment = 'test' | 'production';
export type ComponentType = 'card' | 'saved-card' | 'alternative-payment-method';

export interface PaymentComponentOptions {
  /** The public client key (x-client-key). */
  clientKey: string;
  /** The id from the merchant backend's POST /api/sessions. */
  sessionId: string;
  environment: Environment;
  /** Default: the browser's language when supported, else en-US. */
  locale?: Locale;
}

/** Which optional fields the card component shows (all default false). */
export interface CustomerConfig {
  hasHolderName?: boolean;
  holderNameRequired?: boolean;
  hasHolderEmail?: boolean;
  holderEmailRequired?: boolean;
}

/**
 * CSS variables allowed into the secure frame. Values are checked (colours, lengths,
 * font families, font weights); anything else is dropped, never applied.
 */
export interface FieldStyles {
  '--ef-font-family'?: string;
  '--ef-font-size'?: string;
  '--ef-font-weight'?: string;
  '--ef-color-text'?: string;
  '--ef-color-placeholder'?: string;
  '--ef-color-background'?: string;
  '--ef-color-border'?: string;
  '--ef-color-focus'?: string;
  '--ef-color-error'?: string;
  '--ef-color-label'?: string;
  '--ef-radius'?: string;
  '--ef-spacing'?: string;
  '--ef-input-padding'?: string;
  '--ef-border-width'?: string;
}

export type FieldName = 'number' | 'expiry' | 'cvv' | 'holderName' | 'email';

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
  brand: string | null;
  fields: Partial<Record<FieldName, FieldState>>;
}

/** The customer keys of submitPayment (spec: submitPayment customer keys). */
export interface Customer {
  firstName?: string;
  lastName?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** E.164, e.g. +38761123456. */
  phone?: string;
  email?: string;
}

/** What getCustomer() answers: what the shopper typed in the optional fields. */
export interface HolderData {
  holderName?: string;
  email?: string;
}

export interface PaymentError {
  /** Stable code: invalid_customer, invalid_card, payment_in_progress, session_expired,
   * network_error, gateway_error, challenge_canceled, authentication_failed, not_mounted, … */
  code: string;
  /** A clear message in the component's locale. */
  message: string;
  /** Per-field problems, for invalid_customer and invalid_card. */
  fields?: { field: string; code: string; message: string }[];
  /** The gateway's processing code or named code, when it gave one. */
  gatewayCode?: string;
}

/** The spec's transaction (ExtendedTransactionDto), as the gateway returned it. */
export interface Transaction {
  id: string;
  reference: string;
  status: string;
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

export interface PaymentResponse {
  /** True when the payment was approved. */
  approved: boolean;
  status: string;
  transaction: Transaction;
}

export type PaymentCallback = (response: PaymentResponse | null, error: PaymentError | null) => void;

export interface SubmitPaymentOptions {
  customer?: Customer;
  callback: PaymentCallback;
}

export interface ComponentConfig {
  customerConfig?: CustomerConfig;
  styles?: FieldStyles;
  onChange?: (state: ComponentState) => void;
  onError?: (error: PaymentError) => void;
  /** Offer the shopper a "save this card" checkbox (tokenization.save_card_for_future_payments). */
  saveCard?: { offer: boolean; tokenizeFor?: 'CUSTOMER_INITIATED_TRANSACTION' | 'MERCHANT_INITIATED_TRANSACTION' };
  /** saved-card: the card to pay with. */
  componentConfig?: { data?: { paymentMethodId: string; maskedPan: string; expirationDate: string; cardBrand: string } };
}

export interface PaymentComponentElement {
  /** Mounts into the element; resolves when the fields are ready to type into. */
  mount(selector: string | HTMLElement): Promise<void>;
  unmount(): void;
  /** Shows the errors and answers whether everything is valid now. */
  validate(): boolean;
  /** What the shopper typed in the optional holder name and email fields. */
  getCustomer(): Promise<HolderData>;
  getDataWithValidation(): Promise<{ valid: boolean; state: ComponentState; customer: HolderData }>;
  changeLocale(locale: Locale): void;
  /** Pays. A second call while one is in flight joins it: one transaction, both callbacks. */
  submitPayment(options: SubmitPaymentOptions): void;
  onChange: ((state: ComponentState) => void) | undefined;
  onError: ((error: PaymentError) => void) | undefined;
}

export interface PaymentComponentInstance {
  create(type: ComponentType, config?: ComponentConfig): PaymentComponentElement;
  /** Unmounts every component and forgets the session. */
  destroy(): void;
}

export type PaymentComponentFactory = (options: PaymentComponentOptions) => PaymentComponentInstance;

declare global {
  interface Window {
    PaymentComponent: PaymentComponentFactory;
  }
}
