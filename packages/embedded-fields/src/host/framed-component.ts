/**
 * What every component that lives in a secure frame does on the merchant's side, whatever
 * the frame holds (card fields, a saved card's CVV, the payment-method list): mount the frame
 * once, relay its states (never values), answer validate / getCustomer /
 * getDataWithValidation from it, switch its locale, run one submit at a time, and report
 * every failure through onError as well as the callback.
 *
 * A subclass says which frame to open (`connect`), what the frame may ask of the page
 * beyond the common `change` / `resize` / `focusExit`, and how an outcome reaches its
 * callback.
 */
import type { ComponentConfig, ComponentState, HolderData, Locale, PaymentError } from './public-api';
import type { HostMethods, SubmitOutcome } from '../shared/protocol';
import { moveFocusFrom } from './focus';
import type { FrameConnection } from './frame-connection';
import { hostMessage } from './host-messages';
import { checkLocale, PaymentComponentError } from './options';

/** What the host asks of any component frame (through penpal, so every call is async). */
export interface ComponentFrameCalls<SubmitRequest> {
  setLocale(locale: Locale): Promise<void>;
  validate(): Promise<ComponentState>;
  getHolderData(): Promise<HolderData>;
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
}

/** A connected frame as this class uses it (any FrameConnection whose remote has those calls). */
export interface MountedFrame<SubmitRequest> extends Pick<FrameConnection, 'iframe' | 'destroy'> {
  remote: ComponentFrameCalls<SubmitRequest>;
}

export abstract class FramedComponent<SubmitRequest> {
  onChange: ((state: ComponentState) => void) | undefined;
  onError: ((error: PaymentError) => void) | undefined;

  private frame: MountedFrame<SubmitRequest> | undefined;
  protected locale: Locale;
  private mounting: Promise<void> | undefined;
  private state: ComponentState;
  private inFlight: Promise<SubmitOutcome> | undefined;

  protected constructor(
    config: ComponentConfig,
    locale: Locale,
    private readonly emptyState: ComponentState,
    private readonly onUnmount: () => void,
  ) {
    this.onChange = config.onChange;
    this.onError = config.onError;
    this.locale = locale;
    this.state = emptyState;
  }

  /** Opens the frame in `container` and configures it; answers the frame and its height. */
  protected abstract connect(container: HTMLElement): Promise<{ frame: MountedFrame<SubmitRequest>; height: number }>;

  mount(selector: string | HTMLElement): Promise<void> {
    if (this.mounting) return this.mounting;
    const container = typeof selector === 'string' ? document.querySelector<HTMLElement>(selector) : selector;
    if (!(container instanceof HTMLElement)) {
      throw new PaymentComponentError(`PaymentComponent: mount(selector) found no element for ${String(selector)}`);
    }
    this.mounting = this.connect(container).then(
      ({ frame, height }) => {
        this.frame = frame;
        this.setHeight(height);
      },
      (error: unknown) => {
      // Nothing is left mounted: mount() may simply be called again.
      this.mounting = undefined;
      const failure = this.fail({ code: 'frame_load_failed', message: hostMessage(this.locale, 'frame_load_failed') });
      throw Object.assign(new Error(failure.message), { code: failure.code, cause: error });
      },
    );
    return this.mounting;
  }

  /** The page's side of what every frame may call: its state, its height, Tab leaving it. */
  protected commonHostMethods(): Pick<HostMethods, 'change' | 'resize' | 'focusExit'> {
    return {
      change: (state) => {
        this.state = state;
        this.onChange?.(state);
      },
      resize: (height) => this.setHeight(height),
      focusExit: (direction) => {
        if (this.frame) moveFocusFrom(this.frame.iframe, direction);
      },
    };
  }

  private setHeight(height: number): void {
    if (this.frame) this.frame.iframe.style.height = `${Math.ceil(height)}px`;
  }

  unmount(): void {
    this.frame?.destroy();
    this.frame = undefined;
    this.mounting = undefined;
    this.state = this.emptyState;
    this.onUnmount();
  }

  validate(): boolean {
    void this.remote()?.validate().then((state) => {
      this.state = state;
    });
    return this.state.valid;
  }

  async getCustomer(): Promise<HolderData> {
    return (await this.remote()?.getHolderData()) ?? {};
  }

  async getDataWithValidation(): Promise<{ valid: boolean; state: ComponentState; customer: HolderData }> {
    const remote = this.remote();
    if (!remote) return { valid: false, state: this.emptyState, customer: {} };
    const state = await remote.validate();
    this.state = state;
    return { valid: state.valid, state, customer: await remote.getHolderData() };
  }

  changeLocale(locale: Locale): void {
    this.locale = checkLocale(locale);
    const title = this.frameTitle?.(this.locale);
    if (this.frame && title) this.frame.iframe.title = title;
    void this.remote()?.setLocale(this.locale);
  }

  /** The frame's accessible title in `locale` (set at mount and on changeLocale); without it the title stays. */
  protected frameTitle?(locale: Locale): string;

  /**
   * The frame's submit, once at a time: a second submit while one is in flight joins it
   * (one transaction, every callback answered). No call timeout: a payment waits on the
   * shopper's bank for as long as it takes. A frame gone mid-payment is frame_load_failed.
   */
  protected submitOnce(request: SubmitRequest): Promise<SubmitOutcome> {
    const remote = this.remote();
    if (!remote) return Promise.resolve({ kind: 'error', error: { code: 'not_mounted', message: hostMessage(this.locale, 'not_mounted') } });
    this.inFlight ??= remote
      .submit(request)
      .catch((): SubmitOutcome => ({ kind: 'error', error: { code: 'frame_load_failed', message: hostMessage(this.locale, 'frame_load_failed') } }))
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** Tells onError, and answers the error for the callback. */
  protected fail(error: PaymentError): PaymentError {
    this.onError?.(error);
    return error;
  }

  private remote(): ComponentFrameCalls<SubmitRequest> | undefined {
    return this.frame?.remote;
  }
}
