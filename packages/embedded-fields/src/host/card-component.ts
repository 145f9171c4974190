/**
 * The card and saved-card components as the merchant sees them. Everything about card data
 * happens in the frame; this side mounts it, forwards calls, relays state (never values),
 * shows the challenge modal and leaves the page when 3-D Secure needs the whole window.
 */
import type { ExecutionResponse } from '@payments/core';
import type {
  ComponentConfig,
  ComponentState,
  ComponentType,
  HolderData,
  Locale,
  PaymentCallback,
  PaymentComponentElement,
  PaymentError,
  PaymentResponse,
  SubmitPaymentOptions,
  Transaction,
} from '../public-api';
import { CARD_FRAME_PATH, PROTOCOL_VERSION, type FrameConfig, type HostMethods, type SubmitOutcome } from '../shared/protocol';
import { openChallenge, type OpenChallenge } from './challenge-modal';
import { moveFocusFrom } from './focus';
import { openFrame, type FrameConnection } from './frame-connection';
import { hostMessage } from './host-messages';
import { navigate } from './navigation';
import { checkLocale, PaymentComponentError } from './options';

export interface ComponentContext {
  gatewayOrigin: string;
  clientKey: string;
  sessionId: string;
  locale: Locale;
}

const EMPTY_STATE: ComponentState = { valid: false, brand: null, fields: {} };

export class CardComponent implements PaymentComponentElement {
  onChange: ((state: ComponentState) => void) | undefined;
  onError: ((error: PaymentError) => void) | undefined;

  private connection: FrameConnection | undefined;
  private mounting: Promise<void> | undefined;
  private state: ComponentState = EMPTY_STATE;
  private inFlight: Promise<SubmitOutcome> | undefined;
  private challenge: OpenChallenge | undefined;
  private locale: Locale;

  constructor(
    private readonly type: Extract<ComponentType, 'card' | 'saved-card'>,
    private readonly config: ComponentConfig,
    private readonly context: ComponentContext,
    private readonly onUnmount: (component: CardComponent) => void,
  ) {
    this.onChange = config.onChange;
    this.onError = config.onError;
    this.locale = context.locale;
  }

  mount(selector: string | HTMLElement): Promise<void> {
    if (this.mounting) return this.mounting;
    const container = typeof selector === 'string' ? document.querySelector<HTMLElement>(selector) : selector;
    if (!(container instanceof HTMLElement)) {
      throw new PaymentComponentError(`PaymentComponent: mount(selector) found no element for ${String(selector)}`);
    }
    this.mounting = this.connect(container).catch((error: unknown) => {
      this.mounting = undefined;
      const failure = this.fail({ code: 'frame_load_failed', message: hostMessage(this.locale, 'frame_load_failed') });
      throw Object.assign(new Error(failure.message), { code: failure.code, cause: error });
    });
    return this.mounting;
  }

  private async connect(container: HTMLElement): Promise<void> {
    const methods: HostMethods = {
      change: (state) => {
        this.state = state;
        this.onChange?.(state);
      },
      resize: (height) => {
        if (this.connection) this.connection.iframe.style.height = `${Math.ceil(height)}px`;
      },
      showChallenge: (request, labels) => {
        this.challenge?.close();
        this.challenge = openChallenge(request, labels);
        return this.challenge.outcome;
      },
      closeChallenge: () => this.challenge?.close(),
      navigate: (request) => {
        const allowHttp = new URL(this.context.gatewayOrigin).protocol === 'http:';
        if (!navigate(request, allowHttp)) throw new Error('refused to navigate to an unsafe URL');
      },
      focusExit: (direction) => {
        if (this.connection) moveFocusFrom(this.connection.iframe, direction);
      },
    };
    const connection = await openFrame(
      container,
      { gatewayOrigin: this.context.gatewayOrigin, path: CARD_FRAME_PATH, sessionId: this.context.sessionId, clientKey: this.context.clientKey },
      methods,
    );
    this.connection = connection;
    const { height } = await connection.remote.configure(this.frameConfig());
    connection.iframe.style.height = `${Math.ceil(height)}px`;
  }

  private frameConfig(): FrameConfig {
    const customer = this.config.customerConfig ?? {};
    const saved = this.config.componentConfig?.data;
    return {
      protocolVersion: PROTOCOL_VERSION,
      component: this.type,
      locale: this.locale,
      customerConfig: {
        hasHolderName: customer.hasHolderName === true,
        holderNameRequired: customer.hasHolderName === true && customer.holderNameRequired === true,
        hasHolderEmail: customer.hasHolderEmail === true,
        holderEmailRequired: customer.hasHolderEmail === true && customer.holderEmailRequired === true,
      },
      styles: this.config.styles ?? {},
      saveCard: this.config.saveCard?.offer
        ? { offer: true, tokenizeFor: this.config.saveCard.tokenizeFor ?? 'CUSTOMER_INITIATED_TRANSACTION' }
        : null,
      savedCard: this.type === 'saved-card' && saved ? { ...saved } : null,
    };
  }

  unmount(): void {
    this.challenge?.close();
    this.connection?.destroy();
    this.connection = undefined;
    this.mounting = undefined;
    this.state = EMPTY_STATE;
    this.onUnmount(this);
  }

  validate(): boolean {
    void this.connection?.remote.validate().then((state) => {
      this.state = state;
    });
    return this.state.valid;
  }

  async getCustomer(): Promise<HolderData> {
    return this.connection ? this.connection.remote.getHolderData() : {};
  }

  async getDataWithValidation(): Promise<{ valid: boolean; state: ComponentState; customer: HolderData }> {
    if (!this.connection) return { valid: false, state: EMPTY_STATE, customer: {} };
    const state = await this.connection.remote.validate();
    this.state = state;
    return { valid: state.valid, state, customer: await this.connection.remote.getHolderData() };
  }

  changeLocale(locale: Locale): void {
    this.locale = checkLocale(locale);
    void this.connection?.remote.setLocale(this.locale);
  }

  submitPayment(options: SubmitPaymentOptions): void {
    const callback: PaymentCallback | undefined = typeof options?.callback === 'function' ? options.callback : undefined;
    if (!callback) throw new PaymentComponentError('PaymentComponent: submitPayment({callback}) needs a callback function');
    if (!this.connection) {
      this.deliver(callback, { kind: 'error', error: { code: 'not_mounted', message: hostMessage(this.locale, 'not_mounted') } });
      return;
    }
    // A second submit while one is in flight joins it: one transaction, every callback answered.
    if (!this.inFlight) {
      const remote = this.connection.remote;
      this.inFlight = remote
        // No call timeout: a payment waits on the shopper's bank for as long as it takes.
        .submit({ customer: options.customer ?? {} })
        .catch((): SubmitOutcome => ({ kind: 'error', error: { code: 'frame_load_failed', message: hostMessage(this.locale, 'frame_load_failed') } }))
        .finally(() => {
          this.inFlight = undefined;
        });
    }
    void this.inFlight.then((outcome) => this.deliver(callback, outcome));
  }

  private deliver(callback: PaymentCallback, outcome: SubmitOutcome): void {
    if (outcome.kind === 'navigating') return; // the page is leaving for the bank
    if (outcome.kind === 'error') {
      callback(null, this.fail(outcome.error));
      return;
    }
    callback(toPaymentResponse(outcome.response), null);
  }

  private fail(error: PaymentError): PaymentError {
    this.onError?.(error);
    return error;
  }
}

function toPaymentResponse(response: ExecutionResponse): PaymentResponse {
  const transaction = response.result as unknown as Transaction;
  return { approved: transaction.approved === true, status: transaction.status, transaction };
}
