/**
 * The alternative-payment-method component as the merchant sees it: mounts the APM frame
 * (the methods the gateway offers for the session), forwards calls, relays states (never
 * values), and hands the execution response to the callback. It never navigates: for a
 * redirect the host page sends the browser to `response.redirect.url` (spec).
 */
import type {
  AlternativePaymentCallback,
  AlternativePaymentComponentElement,
  ComponentConfig,
  ComponentState,
  Customer,
  HolderData,
  Locale,
  PaymentError,
} from '../public-api';
import { APM_FRAME_TITLE, type ApmFrameRemote, type ApmHostMethods } from '../shared/apm-protocol';
import type { SubmitOutcome } from '../shared/protocol';
import { toAlternativeResponse } from './alternative-response';
import { openApmFrame, type ApmFrameContext } from './apm-frame';
import { moveFocusFrom } from './focus';
import type { FrameConnection } from './frame-connection';
import { hostMessage } from './host-messages';
import { checkLocale, PaymentComponentError } from './options';

const EMPTY_STATE: ComponentState = { valid: false, brand: null, fields: {}, method: null };

export class AlternativeMethodComponent implements AlternativePaymentComponentElement {
  onChange: ((state: ComponentState) => void) | undefined;
  onError: ((error: PaymentError) => void) | undefined;

  private connection: FrameConnection<ApmFrameRemote> | undefined;
  private mounting: Promise<void> | undefined;
  private state: ComponentState = EMPTY_STATE;
  private inFlight: Promise<SubmitOutcome> | undefined;
  private locale: Locale;

  constructor(
    private readonly config: ComponentConfig,
    private readonly context: ApmFrameContext,
    private readonly onUnmount: (component: AlternativeMethodComponent) => void,
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
    const host: ApmHostMethods = {
      change: (state) => {
        this.state = state;
        this.onChange?.(state);
      },
      resize: (height) => {
        if (this.connection) this.connection.iframe.style.height = `${Math.ceil(height)}px`;
      },
      focusExit: (direction) => {
        if (this.connection) moveFocusFrom(this.connection.iframe, direction);
      },
    };
    const frame = await openApmFrame(container, { ...this.context, locale: this.locale }, host, {
      mode: 'list',
      title: APM_FRAME_TITLE,
      config: this.config,
    });
    this.connection = frame.connection;
    frame.connection.iframe.style.height = `${Math.ceil(frame.height)}px`;
  }

  unmount(): void {
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

  submitPayment(options: { customer?: Customer; callback: AlternativePaymentCallback }): void {
    const callback = typeof options?.callback === 'function' ? options.callback : undefined;
    if (!callback) throw new PaymentComponentError('PaymentComponent: submitPayment({callback}) needs a callback function');
    if (!this.connection) {
      callback(null, this.fail({ code: 'not_mounted', message: hostMessage(this.locale, 'not_mounted') }));
      return;
    }
    // A second submit while one is in flight joins it: one transaction, every callback answered.
    this.inFlight ??= this.connection.remote
      .submit({ customer: options.customer ?? {} })
      .catch((): SubmitOutcome => ({ kind: 'error', error: { code: 'frame_load_failed', message: hostMessage(this.locale, 'frame_load_failed') } }))
      .finally(() => {
        this.inFlight = undefined;
      });
    void this.inFlight.then((outcome) => {
      if (outcome.kind === 'result') callback(toAlternativeResponse(outcome.response), null);
      else if (outcome.kind === 'error') callback(null, this.fail(outcome.error));
    });
  }

  private fail(error: PaymentError): PaymentError {
    this.onError?.(error);
    return error;
  }
}
