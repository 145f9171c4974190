/**
 * What every component that lives in a secure frame does on the merchant's side, whatever
 * the frame holds (card fields, a saved card's CVV, the payment-method list): mount the frame
 * once (and let go of all of it at unmount, even while it is still opening: each mount's
 * life is an AbortSignal the frame obeys), relay its states (never values), answer
 * validate / getCustomer / getDataWithValidation from it, switch its locale, run one submit
 * at a time, and report every failure through onError as well as the callback. It also
 * keeps the merchant's `on`/`off` handlers (component-events.ts) and the state classes on the
 * container (state-classes.ts), and settles submitPayment's promise and callback alike (`pay`).
 *
 * A subclass says which frame to open (`connect`), what the frame may ask of the page
 * beyond the common `change` / `resize` / `focusExit`, and how an outcome reaches its
 * callback.
 */
import type { ExecutionResponse } from '@payments/core';
import type {
  ComponentConfig,
  ComponentState,
  ComponentType,
  CustomerConfig,
  HolderData,
  Locale,
  PaymentComponentEvent,
  PaymentComponentEventHandler,
  PaymentError,
  PaymentFailure,
} from './public-api';
import { isFieldFocusChange, type FrameUpdate, type HostMethods, type SubmitOutcome } from '../shared/protocol';
import { ComponentEvents } from './component-events';
import { moveFocusFrom } from './focus';
import type { FrameConnection } from './frame-connection';
import { hostMessage } from './host-messages';
import { mountAborted } from './mount-aborted';
import { checkLocale, PaymentComponentError } from './options';
import { containersOf, isFieldContainers, mountPlace, samePlace, type MountPlace, type MountTarget } from './mount-target';
import { clearStateClasses, setStateClasses } from './state-classes';

/** What the host asks of any component frame (through penpal, so every call is async). */
export interface ComponentFrameCalls<SubmitRequest> {
  setLocale(locale: Locale): Promise<void>;
  validate(): Promise<ComponentState>;
  getHolderData(): Promise<HolderData>;
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
  /** The card frame's: component.update() (component-update.ts). */
  update?(change: FrameUpdate): Promise<void>;
}

/** A connected frame as this class uses it (any FrameConnection whose remote has those calls). */
export interface MountedFrame<SubmitRequest> extends Pick<FrameConnection, 'iframe' | 'destroy'> {
  remote: ComponentFrameCalls<SubmitRequest>;
  /** Split fields: titles every frame in `locale` (else the one iframe takes frameTitle's). */
  retitle?(locale: Locale): void;
}

/** The components of one PaymentComponent instance that are mounted (or mounting): a Set does. */
export interface ComponentRegistry {
  add(component: { unmount(): void }): void;
  delete(component: { unmount(): void }): void;
}

export abstract class FramedComponent<SubmitRequest> {
  onChange: ((state: ComponentState) => void) | undefined;
  onError: ((error: PaymentError) => void) | undefined;

  private frame: MountedFrame<SubmitRequest> | undefined;
  protected locale: Locale;
  private mounting: Promise<void> | undefined;
  /** The current mount's life: aborting it cancels the open under way and removes the frame. */
  private life: AbortController | undefined;
  private state: ComponentState;
  private inFlight: Promise<SubmitOutcome> | undefined;
  private readonly events = new ComponentEvents();
  private place: MountPlace | undefined;
  private ready = false;
  /** The field that has the focus (its name as the frame reports it), if any. */
  private focusedField: string | undefined;
  private destroyed = false;

  protected constructor(
    config: ComponentConfig,
    locale: Locale,
    private readonly emptyState: ComponentState,
    /** Where the component is known while mounted (PaymentComponent's, for destroy()). */
    private readonly registry: ComponentRegistry,
    private readonly componentType: ComponentType,
    /** The state classes' prefix (state-classes.ts). */
    private readonly classPrefix: string,
  ) {
    this.onChange = config.onChange;
    this.onError = config.onError;
    this.locale = locale;
    this.state = emptyState;
  }

  /**
   * Opens the frame (split fields: the frames) in `place` and configures it; answers the
   * frame and its height. `signal` is the frame's life (openFrame).
   */
  protected abstract connect(place: MountPlace, signal: AbortSignal): Promise<{ frame: MountedFrame<SubmitRequest>; height: number }>;

  /** Whether mount() takes an object of field containers (split fields): the card does. */
  protected readonly splits: boolean = false;

  /**
   * Opens the frame in the element (the card: or a frame per field, in the fields'
   * containers). Again into the same place: the mount under way (or done) answers. Into
   * another: the first mount is cancelled, or its frame removed (as by unmount()), and the
   * frame opens in the new one. unmount(), destroy() and that cancel a mount in flight:
   * its frame, listeners and timers go at once, it emits nothing, and its promise rejects
   * with a MountAbortedError that counts as handled when nobody awaits it. A bad selector
   * throws (one element, as always); a bad object of field containers rejects, naming the
   * field, before anything is drawn.
   */
  mount(target: MountTarget | null): Promise<void> {
    if (this.destroyed) throw new PaymentComponentError('PaymentComponent: this component was destroyed; create a new one to mount');
    let place: MountPlace;
    try {
      place = mountPlace(target, { split: this.splits, customerConfig: this.customerConfig });
    } catch (error) {
      if (isFieldContainers(target)) return Promise.reject(error as Error);
      throw error;
    }
    if (this.mounting && samePlace(this.place, place)) return this.mounting;
    if (this.mounting) this.teardown();
    const life = new AbortController();
    this.life = life;
    this.place = place;
    this.registry.add(this);
    const openedIn = this.locale;
    this.mounting = this.connect(place, life.signal).then(
      ({ frame, height }) => {
        if (life.signal.aborted) {
          frame.destroy();
          throw life.signal.reason;
        }
        this.frame = frame;
        if (!place.split) this.setHeight(height);
        // A changeLocale() while the frame was loading had no frame to tell: tell it now.
        if (this.locale !== openedIn) this.changeLocale(this.locale);
        this.ready = true;
        this.updateClasses();
        this.events.emit('ready', { type: this.componentType });
      },
      (error: unknown) => {
        if (life.signal.aborted) throw life.signal.reason; // cancelled: nothing to report
        // Nothing is left mounted: mount() may simply be called again.
        this.mounting = undefined;
        this.life = undefined;
        const failure = this.fail({ code: 'frame_load_failed', message: hostMessage(this.locale, 'frame_load_failed') });
        throw Object.assign(new Error(failure.message), { code: failure.code, cause: error });
      },
    );
    return this.mounting;
  }

  /** The options that say which fields show (split fields need a container for each). */
  protected get customerConfig(): CustomerConfig | undefined {
    return undefined;
  }

  on<E extends PaymentComponentEvent>(event: E, handler: PaymentComponentEventHandler<E>): this {
    this.events.on(event, handler);
    return this;
  }

  off<E extends PaymentComponentEvent>(event: E, handler?: PaymentComponentEventHandler<E>): this {
    this.events.off(event, handler);
    return this;
  }

  /** The page's side of what every frame may call: its state, its height, Tab leaving it, focus, Enter. */
  protected commonHostMethods(): Pick<HostMethods, 'change' | 'resize' | 'focusExit' | 'fieldFocus' | 'submitKey'> {
    return {
      change: (state) => {
        const brandChanged = state.brand !== this.state.brand;
        this.state = state;
        this.onChange?.(state);
        if (!this.ready) return;
        this.updateClasses();
        this.events.emit('change', state);
        if (brandChanged) this.events.emit('brand', { brand: state.brand });
      },
      fieldFocus: (change) => {
        if (!isFieldFocusChange(change) || !this.ready) return;
        // One blur, then one focus: a field of another frame can report its focus before the
        // field it came from reports the blur (two frames, two message channels).
        const { field, focused } = change;
        if (focused && this.focusedField !== undefined && this.focusedField !== field) this.emitFocus(this.focusedField, false);
        if (!focused && this.focusedField !== field) return; // said already
        this.emitFocus(field, focused);
      },
      submitKey: () => {
        if (this.ready) this.events.emit('submit', {});
      },
      resize: (height) => this.setHeight(height),
      focusExit: (direction) => {
        if (this.frame) moveFocusFrom(this.frame.iframe, direction);
      },
    };
  }

  private emitFocus(field: string, focused: boolean): void {
    this.focusedField = focused ? field : undefined;
    this.updateClasses();
    this.events.emit(focused ? 'focus' : 'blur', { field: field as never });
  }

  private setHeight(height: number): void {
    if (this.frame) this.frame.iframe.style.height = `${Math.ceil(height)}px`;
  }

  private updateClasses(): void {
    const place = this.place;
    if (!place) return;
    if (!place.split) setStateClasses(place.container, this.classPrefix, this.state, this.focusedField !== undefined);
    else for (const [field, container] of place.containers) setStateClasses(container, this.classPrefix, this.state, this.focusedField === field);
  }

  /** Removes the frame, or cancels the mount under way; the component may be mounted again. Idempotent. */
  unmount(): void {
    this.teardown();
    this.registry.delete(this);
  }

  /** unmount(), then the component is done: its handlers go and mount() refuses. Idempotent. */
  destroy(): void {
    this.unmount();
    this.destroyed = true;
    this.events.clear();
    this.onChange = undefined;
    this.onError = undefined;
  }

  /** Everything a mount holds, let go: the frame (or the open under way), the classes, the state. */
  protected teardown(): void {
    // A cancelled mount's rejection is for whoever awaits it; unawaited (an effect's
    // cleanup), it must not surface as an unhandled rejection.
    this.mounting?.catch(() => undefined);
    this.life?.abort(mountAborted());
    this.life = undefined;
    for (const container of this.place ? containersOf(this.place) : []) clearStateClasses(container, this.classPrefix);
    this.place = undefined;
    this.ready = false;
    this.focusedField = undefined;
    this.frame?.destroy();
    this.frame = undefined;
    this.mounting = undefined;
    this.state = this.emptyState;
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
    if (this.frame?.retitle) this.frame.retitle(this.locale);
    else {
      const title = this.frameTitle?.(this.locale);
      if (this.frame && title) this.frame.iframe.title = title;
    }
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

  /**
   * submitPayment's settlement, the same for the promise and the callback: the gateway's
   * answer (approved, declined or otherwise) resolves / calls back (response, null); an
   * error rejects with a PaymentFailure / calls back (null, error) with the same fields.
   * A page leaving for 3-D Secure settles neither. With a callback, the promise's
   * rejection counts as handled (the callback is the spec's way to hear of it).
   */
  protected pay<Response>(
    request: SubmitRequest,
    toResponse: (response: ExecutionResponse) => Response,
    callback: ((response: Response | null, error: PaymentError | null) => void) | undefined,
  ): Promise<Response> {
    const settled = this.submitOnce(request).then((outcome) => {
      if (outcome.kind === 'navigating') return new Promise<never>(() => undefined); // the page is leaving
      if (outcome.kind === 'error') {
        const error = this.fail(outcome.error);
        throw Object.assign(new Error(error.message), error, { name: 'PaymentFailure' }) satisfies PaymentFailure;
      }
      return toResponse(outcome.response);
    });
    if (callback) {
      settled.then(
        (response) => callback(response, null),
        (failure: PaymentFailure) => {
          const { code, message, fields, gatewayCode } = failure;
          callback(null, { code, message, ...(fields ? { fields } : {}), ...(gatewayCode ? { gatewayCode } : {}) });
        },
      );
    }
    return settled;
  }

  /** Tells onError and the `error` handlers, and answers the error for the callback. */
  protected fail(error: PaymentError): PaymentError {
    this.onError?.(error);
    this.events.emit('error', error);
    return error;
  }

  /** Where the component is mounted (or mounting), if anywhere. */
  protected mountedPlace(): MountPlace | undefined {
    return this.place;
  }

  /** The frame's calls once the mount under way is done (undefined when not mounted, or it failed or was cancelled). */
  protected mountedFrame(): Promise<ComponentFrameCalls<SubmitRequest> | undefined> | undefined {
    return this.mounting?.then(
      () => this.remote(),
      () => undefined,
    );
  }

  private remote(): ComponentFrameCalls<SubmitRequest> | undefined {
    return this.frame?.remote;
  }
}

/** submitPayment's optional callback; anything else given as one is a mistake said at once. */
export function paymentCallback<C>(options: { callback?: C } | undefined): C | undefined {
  const callback = options?.callback;
  if (callback !== undefined && typeof callback !== 'function') {
    throw new PaymentComponentError('PaymentComponent: submitPayment({callback}) must be a function when given');
  }
  return callback;
}
