/**
 * The components of embedded-fields.js, as this shop uses them: one PaymentComponent per
 * checkout session, mounted in #card-element: the `card` component with the holder name
 * (and "save this card" for a shopper with a profile), `saved-card` for a saved card, or
 * `alternative-payment-method` for the other methods.
 * The types are the library's merchant API, imported by the package's name (@payments/embedded-fields).
 */
import type {
  AlternativePaymentComponentElement,
  AlternativePaymentResponse,
  CardFieldContainers,
  ComponentState,
  Customer,
  FieldStyles,
  Locale,
  PaymentComponentElement,
  PaymentComponentFactory,
  PaymentComponentInstance,
  PaymentError,
  PaymentResponse,
} from '@payments/embedded-fields';
import type { AccountCard, CheckoutResponse } from '../shared/api-types';
import { element } from './dom';

/** embedded-fields.js did not load, or its form did not become ready. */
export class PaymentFormUnavailable extends Error {}

/** What the shopper pays with: a new card (saving it offered or not), a saved card, another method. */
export type PaymentChoice = { kind: 'card'; offerSave: boolean; split?: boolean } | { kind: 'saved-card'; card: AccountCard } | { kind: 'other' };

export type PaymentOutcome =
  | { response: PaymentResponse; error: null; alternative?: undefined }
  | { response: null; error: PaymentError; alternative?: undefined }
  | { response: null; error: null; alternative: AlternativePaymentResponse };

/** How long the secure fields may take to become ready before we say they could not load. */
const MOUNT_TIMEOUT_MS = 20_000;

/** The shop's look inside the secure frame (only these CSS variables cross into it). */
const FIELD_STYLES: FieldStyles = {
  '--ef-font-family': 'system-ui, sans-serif',
  '--ef-font-size': '16px',
  '--ef-color-text': '#1c1c1a',
  '--ef-color-label': '#3b3a36',
  '--ef-color-placeholder': '#77746c',
  '--ef-color-background': '#ffffff',
  '--ef-color-border': '#b9b3a6',
  '--ef-color-focus': '#1f5f4a',
  '--ef-color-error': '#b3261e',
  '--ef-radius': '8px',
};

/** The library's factory, or undefined when embedded-fields.js did not load. */
function paymentComponentFactory(): PaymentComponentFactory | undefined {
  const candidate: unknown = (window as { PaymentComponent?: unknown }).PaymentComponent;
  return typeof candidate === 'function' ? (candidate as PaymentComponentFactory) : undefined;
}

export function isPaymentLibraryLoaded(): boolean {
  return paymentComponentFactory() !== undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PaymentFormUnavailable('The secure payment form took too long to load.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new PaymentFormUnavailable(String(error)));
      },
    );
  });
}

export interface CardPaymentListeners {
  onChange?: (state: ComponentState) => void;
  onError?: (error: PaymentError) => void;
}

export class CardPayment {
  private instance: PaymentComponentInstance | undefined;
  private card: PaymentComponentElement | undefined;
  private alternative: AlternativePaymentComponentElement | undefined;
  /** The shopper's language since they last switched it (a remount keeps it; the session's otherwise). */
  private locale: Locale | undefined;

  constructor(
    private readonly container: HTMLElement,
    private readonly listeners: CardPaymentListeners = {},
  ) {}

  /** Mounts the chosen component for a (new) session; an earlier one is destroyed first. */
  async mount(checkout: CheckoutResponse, choice: PaymentChoice = { kind: 'card', offerSave: false }): Promise<void> {
    this.destroy();
    const factory = paymentComponentFactory();
    if (!factory) throw new PaymentFormUnavailable('embedded-fields.js is not loaded.');
    let instance: PaymentComponentInstance | undefined;
    try {
      instance = this.instance = factory({
        clientKey: checkout.clientKey,
        sessionId: checkout.sessionId,
        environment: checkout.environment,
        locale: this.locale ?? checkout.locale,
      });
      if (choice.kind === 'other') {
        // Email and names come from the contact details (submitPayment's customer).
        this.alternative = this.instance.create('alternative-payment-method', { styles: FIELD_STYLES, ...this.listeners });
      } else if (choice.kind === 'saved-card') {
        const { paymentMethodId, maskedPan, expirationDate, cardBrand } = choice.card;
        this.card = this.instance.create('saved-card', {
          componentConfig: { data: { paymentMethodId, maskedPan, expirationDate, cardBrand } },
          styles: FIELD_STYLES,
          ...this.listeners,
        });
      } else {
        this.card = this.instance.create('card', {
          customerConfig: { hasHolderName: true, holderNameRequired: true },
          ...(choice.offerSave ? { saveCard: { offer: true } } : {}),
          styles: FIELD_STYLES,
          ...this.listeners,
        });
      }
      // Split fields: the shop's own layout, a secure frame per field (number; expiry and CVV side by side; the name).
      const target = choice.kind === 'card' && choice.split ? this.splitLayout() : this.container;
      await withTimeout((this.alternative ?? this.card)!.mount(target), MOUNT_TIMEOUT_MS);
    } catch (error) {
      // A newer mount may have replaced this one meanwhile (its destroy is why this one failed): leave it be.
      if (this.instance === instance) this.destroy();
      throw error instanceof PaymentFormUnavailable ? error : new PaymentFormUnavailable(error instanceof Error ? error.message : String(error));
    }
  }

  /** The containers of split fields, laid out in the card element. */
  private splitLayout(): CardFieldContainers {
    const box = (name: string) => element('div', { className: `split-field split-field-${name}` });
    const [number, expiry, cvv, holderName] = [box('number'), box('expiry'), box('cvv'), box('holder')];
    this.container.replaceChildren(number, element('div', { className: 'split-row' }, [expiry, cvv]), holderName);
    return { number, expiry, cvv, holderName };
  }

  changeLocale(locale: Locale): void {
    this.locale = locale;
    (this.alternative ?? this.card)?.changeLocale(locale);
  }

  /** Pays with the shopper's details; resolves with the library's callback arguments. */
  pay(customer: Customer): Promise<PaymentOutcome> {
    const alternative = this.alternative;
    if (alternative) {
      return new Promise((resolve) => {
        alternative.submitPayment({
          customer,
          callback: (response, error) => {
            if (response) resolve({ response: null, error: null, alternative: response });
            else resolve({ response: null, error: error ?? { code: 'gateway_error', message: 'The payment could not be completed.' } });
          },
        });
      });
    }
    const card = this.card;
    if (!card) return Promise.reject(new PaymentFormUnavailable('The payment form is not ready.'));
    return new Promise((resolve) => {
      card.submitPayment({
        customer,
        callback: (response, error) => {
          if (response) resolve({ response, error: null });
          else resolve({ response: null, error: error ?? { code: 'gateway_error', message: 'The payment could not be completed.' } });
        },
      });
    });
  }

  destroy(): void {
    try {
      this.instance?.destroy();
    } finally {
      this.instance = undefined;
      this.card = undefined;
      this.alternative = undefined;
      this.container.replaceChildren();
    }
  }
}
