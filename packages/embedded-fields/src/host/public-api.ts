/**
 * The merchant-facing API of embedded-fields.js, as the spec's Embedded Fields section
 * names it. Together with shared/payment-types.ts (the data both sides of the frame
 * boundary speak) it is exactly what merchants' TypeScript sees: scripts/write-dts.ts
 * joins the two into dist/embedded-fields.d.ts (so neither imports anything else).
 */

import type {
  ComponentState,
  Customer,
  FieldStyles,
  HolderData,
  Locale,
  PaymentError,
  PaymentResponse,
  Transaction,
  TransactionStatus,
} from '../shared/payment-types';

export type * from '../shared/payment-types';

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
  /**
   * alternative-payment-method: the methods to offer, in this order (types such as
   * provider-x-local, wallet-a-redirect, provider-y-redirect-idl). Only those the terminal
   * has enabled and the order fits are shown. Default: every fitting method.
   */
  paymentMethods?: string[];
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

/** The gateway's redirect step: the browser goes to `url` (the provider's page). */
export interface PaymentRedirect {
  transaction_id: string;
  session_id: string;
  url: string;
}

/**
 * What an alternative method's payment answers (alternative-payment-method's submitPayment
 * and a redirect factory's authorize): the gateway's execution response, plus the
 * conveniences of PaymentResponse. The library never follows `redirect`: the host page
 * navigates to `redirect.url` (spec). A DECLINED result is a response, not an error.
 */
export interface AlternativePaymentResponse {
  /** True only for an approved result. */
  approved: boolean;
  /**
   * result.status, or PENDING while the shopper is to approve at the provider (redirect);
   * UNKNOWN only when the gateway answered neither (not as the spec says).
   */
  status: TransactionStatus | 'UNKNOWN';
  /** The transaction's id, from the result or the redirect. */
  transactionId: string;
  result: Transaction | null;
  redirect: PaymentRedirect | null;
  /** Always null for these methods (no 3-D Secure). */
  action: null;
  form_submit: null;
}

export type AlternativePaymentCallback = (response: AlternativePaymentResponse | null, error: PaymentError | null) => void;

/** The alternative-payment-method component: the card component's methods, its own answer. */
export interface AlternativePaymentComponentElement extends Omit<PaymentComponentElement, 'submitPayment'> {
  /**
   * Authorizes with the chosen method. The method's shopper data (email, first and last
   * name) comes from the shown fields, else `customer`, else the session's customer.
   */
  submitPayment(options: { customer?: Customer; callback: AlternativePaymentCallback }): void;
}

/** The wallet and bank redirect methods that register `window[type].factory`. */
export type RedirectMethodType = 'wallet-a-redirect' | 'wallet-b-redirect' | 'bank-network-redirect' | 'openbanking-redirect';

/** A failure of a redirect method: an Error with the stable code and localized message. */
export interface PaymentMethodError extends Error, PaymentError {}

/**
 * What `window[type].factory(options)` returns: a stub with no button and no navigation.
 * The host page shows its own button, calls `authorize()` when the shopper chooses the
 * method, and then sends the browser to `response.redirect.url` itself.
 */
export interface RedirectMethod {
  readonly type: RedirectMethodType;
  /** Whether the session's terminal has the method enabled and the order fits it. */
  isAvailable(): Promise<boolean>;
  /**
   * Authorizes the session with this method (empty data). Resolves with the execution
   * response (a redirect to the provider, or a result such as DECLINED); rejects with a
   * PaymentMethodError. Never navigates.
   */
  authorize(options?: { customer?: Customer }): Promise<AlternativePaymentResponse>;
  /** Removes the hidden secure frame the stub talks to the gateway through. */
  destroy(): void;
}

/** `window[type]` for each RedirectMethodType. */
export interface RedirectMethodRegistration {
  /** Takes the same options as PaymentComponent. */
  factory(options: PaymentComponentOptions): RedirectMethod;
}

export interface PaymentComponentInstance {
  create(type: 'alternative-payment-method', config?: ComponentConfig): AlternativePaymentComponentElement;
  create(type: 'card' | 'saved-card', config?: ComponentConfig): PaymentComponentElement;
  create(type: ComponentType, config?: ComponentConfig): PaymentComponentElement | AlternativePaymentComponentElement;
  /** Unmounts every component and forgets the session. */
  destroy(): void;
}

export type PaymentComponentFactory = (options: PaymentComponentOptions) => PaymentComponentInstance;

declare global {
  interface Window {
    PaymentComponent: PaymentComponentFactory;
    'wallet-a-redirect': RedirectMethodRegistration;
    'wallet-b-redirect': RedirectMethodRegistration;
    'bank-network-redirect': RedirectMethodRegistration;
    'openbanking-redirect': RedirectMethodRegistration;
  }
}
