/**
 * The merchant-facing API of embedded-fields.js, as the spec's Embedded Fields section
 * names it. Together with shared/payment-types.ts (the data both sides of the frame
 * boundary speak) it is exactly what merchants' TypeScript sees: scripts/write-dts.ts
 * joins the two into dist/embedded-fields.d.ts (so neither imports anything else).
 */

import type {
  AlternativeFieldName,
  ComponentState,
  Customer,
  FieldName,
  FieldStyles,
  HolderData,
  Locale,
  PaymentError,
  PaymentResponse,
  Transaction,
  TransactionStatus,
  Translations,
} from '../shared/payment-types';

export type * from '../shared/payment-types';

export type Environment = 'test' | 'production';
export type ComponentType = 'card' | 'saved-card' | 'alternative-payment-method';

export interface PaymentComponentOptions {
  /** The public client key (x-client-key). */
  clientKey: string;
  /** The id from the merchant backend's POST /api/sessions. */
  sessionId: string;
  /**
   * Must be the environment of the embedded-fields.js build in use (the gateway that served
   * it): `test` from the test (mock) gateway, `production` from the production gateway.
   * A mismatch throws a PaymentComponentError naming both.
   */
  environment: Environment;
  /** Default: the browser's language when supported, else en-US. */
  locale?: Locale | undefined;
  /**
   * The gateway's origin ({base_url}) when it is not where embedded-fields.js came from
   * (a self-hosted mock): an https origin, or http on localhost / 127.0.0.1 / [::1].
   */
  gatewayUrl?: string | undefined;
}

/** Which optional fields the card component shows (all default false). */
export interface CustomerConfig {
  hasHolderName?: boolean | undefined;
  holderNameRequired?: boolean | undefined;
  hasHolderEmail?: boolean | undefined;
  holderEmailRequired?: boolean | undefined;
}

/**
 * Split fields: the card's fields each in a gateway frame of their own, in the containers
 * given (elements or selectors). number, expiry and cvv always; holderName and email when
 * customerConfig shows them (and only then).
 */
export interface CardFieldContainers {
  number: string | HTMLElement;
  expiry: string | HTMLElement;
  cvv: string | HTMLElement;
  holderName?: string | HTMLElement | undefined;
  email?: string | HTMLElement | undefined;
}

export type PaymentCallback = (response: PaymentResponse | null, error: PaymentError | null) => void;

/**
 * What submitPayment's promise rejects with: an Error carrying the PaymentError's fields
 * (`code`, `message`, `fields`, `gatewayCode`), the same as the callback's `error`.
 */
export interface PaymentFailure extends Error, PaymentError {}

export interface SubmitPaymentOptions {
  customer?: Customer | undefined;
  /** The spec's form; optional when the returned promise is used. */
  callback?: PaymentCallback | undefined;
}

/** Per-state colours of the inputs (Theme.rules). */
export interface ThemeStateRule {
  text?: string | undefined;
  background?: string | undefined;
  border?: string | undefined;
}

/**
 * The look of the fields inside the secure frame, written as `--ef-*` variables (FieldStyles)
 * and checked by the same allow-list: colours (hex, rgb(), hsl(), a few names), lengths,
 * font families of letters, digits, spaces and hyphens. Anything else is dropped.
 * `font.family` may start with a web font the frame loads from the gateway itself:
 * `Inter` (WEB_FONTS in the README); other families must be installed on the shopper's device.
 */
export interface Theme {
  colors?:
    | {
        text?: string | undefined;
        placeholder?: string | undefined;
        background?: string | undefined;
        border?: string | undefined;
        focus?: string | undefined;
        error?: string | undefined;
        label?: string | undefined;
      }
    | undefined;
  font?: { family?: string | undefined; size?: string | undefined; weight?: string | undefined } | undefined;
  /** Corner radius of the inputs, e.g. `8px`. */
  radius?: string | undefined;
  /** Space between the fields. */
  spacing?: string | undefined;
  inputPadding?: string | undefined;
  borderWidth?: string | undefined;
  /** The inputs while focused, while showing an error, once complete. */
  rules?: { focus?: ThemeStateRule | undefined; invalid?: ThemeStateRule | undefined; complete?: ThemeStateRule | undefined } | undefined;
}

/** The events of `on(event, handler)`, with what each handler receives. */
export interface PaymentComponentEventMap {
  /** The frame is mounted and ready to type into (mount() resolves at the same time). */
  ready: { type: ComponentType };
  /** The state changed (after ready): the same ComponentState as onChange. */
  change: ComponentState;
  /** A field in the frame got the focus. */
  focus: { field: FieldName | AlternativeFieldName };
  /** A field in the frame lost the focus. */
  blur: { field: FieldName | AlternativeFieldName };
  /** Any failure: the same PaymentError as onError. */
  error: PaymentError;
  /** The shopper pressed Enter in a field: the merchant decides whether to submitPayment. */
  submit: Record<string, never>;
  /**
   * The card brand changed (visa, mastercard, …; null when none): a new number, or a new
   * network chosen for a co-badged card (cartes_bancaires, visa, …). `change` carries `brands`.
   */
  brand: { brand: string | null };
}

export type PaymentComponentEvent = keyof PaymentComponentEventMap;
export type PaymentComponentEventHandler<E extends PaymentComponentEvent> = (payload: PaymentComponentEventMap[E]) => void;

export interface ComponentConfig {
  customerConfig?: CustomerConfig | undefined;
  /** Theme variables; override `theme` where both set one. */
  styles?: FieldStyles | undefined;
  theme?: Theme | undefined;
  /** Card form strings per locale, e.g. `{ 'sv-SE': { 'card.number.label': 'Kortnummer' } }`. */
  translations?: Translations | undefined;
  /**
   * Hide the fields' visible labels inside the frame; each field keeps its label as its
   * accessible name (for a design that labels the fields outside the frame). Default false.
   */
  hideLabels?: boolean | undefined;
  onChange?: ((state: ComponentState) => void) | undefined;
  onError?: ((error: PaymentError) => void) | undefined;
  /**
   * card: a co-badged card's networks to preselect, in order, as the state names them
   * (`["cartes_bancaires", "visa", "mastercard"]`). The first the card has is preselected,
   * else the first network the card lists; the shopper may always choose another (EU
   * regulation 2015/751, article 8). Default: none.
   */
  preferredNetworks?: string[] | undefined;
  /** Offer the shopper a "save this card" checkbox (tokenization.save_card_for_future_payments). */
  saveCard?: { offer: boolean; tokenizeFor?: 'CUSTOMER_INITIATED_TRANSACTION' | 'MERCHANT_INITIATED_TRANSACTION' | undefined } | undefined;
  /**
   * alternative-payment-method: the methods to offer, in this order (types such as
   * provider-x-local, wallet-a-redirect, provider-y-redirect-idl). Only those the terminal
   * has enabled and the order fits are shown. Default: every fitting method.
   */
  paymentMethods?: string[] | undefined;
  /** saved-card: the card to pay with. */
  componentConfig?: { data?: SavedCardData | undefined } | undefined;
}

/** What component.update() changes in place (a key left out stays as it was). */
export type ComponentUpdate = Pick<ComponentConfig, 'theme' | 'styles' | 'translations' | 'customerConfig' | 'hideLabels'>;

/** saved-card: the card to pay with, as the merchant's backend knows it (a tokenized card). */
export interface SavedCardData {
  /** The token (payment_method.token, `pm_…`). */
  paymentMethodId: string;
  /** As the gateway masked it, e.g. `400000******0002`. */
  maskedPan: string;
  /** MMYY. */
  expirationDate: string;
  /** VISA, MASTERCARD, … */
  cardBrand: string;
}

/** `on` / `off` of every component; both answer the component, so calls chain. */
export interface PaymentComponentEvents {
  /** Adds a handler (events: PaymentComponentEventMap). */
  on<E extends PaymentComponentEvent>(event: E, handler: PaymentComponentEventHandler<E>): this;
  /** Removes a handler, or every handler of the event when none is given. */
  off<E extends PaymentComponentEvent>(event: E, handler?: PaymentComponentEventHandler<E>): this;
}

/**
 * What mount() rejects with when unmount(), destroy() or a mount() into another element
 * cancels it before the frame is ready: an Error named `AbortError` (as fetch's
 * cancellations) with `code: 'mount_aborted'`. Not a PaymentError: onError and the `error`
 * handlers never hear of it, and a cancelled mount nobody awaits is no unhandled rejection.
 */
export interface MountAbortedError extends Error {
  name: 'AbortError';
  code: 'mount_aborted';
}

export interface PaymentComponentElement extends PaymentComponentEvents {
  /**
   * Mounts into the element; resolves when the fields are ready to type into. Rejects with a
   * MountAbortedError when cancelled first (unmount(), destroy(), a mount() elsewhere), and
   * with `frame_load_failed` when the frame cannot load. Called again with the same element
   * while mounting or mounted, it answers the same promise; with another element, it
   * cancels the first mount (or removes its frame) and mounts there.
   *
   * The card component also takes one container per field (`{ number, expiry, cvv,
   * holderName?, email? }`: split fields, each its own secure frame); it resolves when every
   * field's frame is ready, and rejects with a PaymentComponentError naming the field when a
   * shown field has no container or a container's field is not shown (nothing is drawn).
   */
  mount(target: string | HTMLElement | CardFieldContainers | null): Promise<void>;
  /**
   * Removes the frame, its listeners and its timers, or cancels the mount under way (which
   * then emits nothing). Idempotent; mount() may be called again afterwards.
   */
  unmount(): void;
  /**
   * unmount(), and the component is done: its handlers (`on`, onChange, onError) are
   * dropped and a later mount() throws. Idempotent.
   */
  destroy(): void;
  /** Shows the errors and answers whether everything is valid now. */
  validate(): boolean;
  /** What the shopper typed in the optional holder name and email fields. */
  getCustomer(): Promise<HolderData>;
  getDataWithValidation(): Promise<{ valid: boolean; state: ComponentState; customer: HolderData }>;
  changeLocale(locale: Locale): void;
  /**
   * Changes `theme`, `styles`, `translations`, `customerConfig` or `hideLabels` in the open
   * frame (split fields: frames): the same iframe, what the shopper typed kept; a field
   * customerConfig now hides is cleared and leaves the state, one it now shows appears.
   * Keys left out stay as they were. A bad option throws a PaymentComponentError naming it
   * (split fields: showing or hiding a field needs mount() again with its containers).
   * Resolves once the frame has applied it; before mount(), it only changes the options.
   */
  update(options: ComponentUpdate): Promise<void>;
  /**
   * Pays. Resolves with the gateway's answer, approved or not (a decline is a response with
   * `approved: false`); rejects with a PaymentFailure for an error. The callback, when given,
   * gets the same: (response, null) or (null, error). A second call while one is in flight
   * joins it: one transaction, every promise and callback answered alike. Never settles when
   * 3-D Secure leaves the page (redirect, form submit).
   */
  submitPayment(options?: SubmitPaymentOptions): Promise<PaymentResponse>;
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
export interface AlternativePaymentComponentElement extends Omit<PaymentComponentElement, 'submitPayment' | 'on' | 'off' | 'update'>, PaymentComponentEvents {
  /**
   * Authorizes with the chosen method. The method's shopper data (email, first and last
   * name) comes from the shown fields, else `customer`, else the session's customer.
   */
  submitPayment(options?: { customer?: Customer | undefined; callback?: AlternativePaymentCallback | undefined }): Promise<AlternativePaymentResponse>;
}

/** The wallet and bank redirect methods that register `window[type].factory`. */
export type RedirectMethodType = 'wallet-a-redirect' | 'wallet-b-redirect' | 'bank-network-redirect' | 'openbanking-redirect';

/** A failure of a redirect method: an Error with the stable code and localized message. */
export type PaymentMethodError = PaymentFailure;

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
  authorize(options?: { customer?: Customer | undefined }): Promise<AlternativePaymentResponse>;
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
  /** Unmounts every component (cancelling mounts under way) and forgets the session. A second call does nothing. */
  destroy(): void;
}

export type PaymentComponentFactory = (options: PaymentComponentOptions) => PaymentComponentInstance;

declare global {
  // Optional: each is there only once embedded-fields.js has run (loadPaymentComponent waits for it).
  interface Window {
    PaymentComponent?: PaymentComponentFactory;
    'wallet-a-redirect'?: RedirectMethodRegistration;
    'wallet-b-redirect'?: RedirectMethodRegistration;
    'bank-network-redirect'?: RedirectMethodRegistration;
    'openbanking-redirect'?: RedirectMethodRegistration;
  }
}
