/**
 * The one hook behind <CardComponent>, <SavedCardComponent> and
 * <AlternativePaymentMethodComponent>: a component of embedded-fields created in an effect for
 * the session and mounted into the placeholder <div> this renders, and destroyed by the
 * effect's cleanup. So:
 *  - StrictMode's mount, unmount, mount leaves one frame: the first mount is cancelled by
 *    destroy() before its frame lands (embedded-fields' cancellable mounts);
 *  - a new `sessionId` (or another setting the frame is opened with) destroys the component
 *    and creates the new session's; a new `locale` only calls changeLocale(), and a new
 *    `theme`, `styles`, `translations`, `customerConfig` or `hideLabels` only update() (the
 *    same frame, what the shopper typed kept; the alternative methods, which have no
 *    update(), are created again);
 *  - the callbacks given to embedded-fields call the latest props (useLatest), never stale;
 *  - on a server nothing runs but the render: an empty <div>, the same the browser's first
 *    render gives, so hydration matches.
 */
import { createElement, useEffect, useImperativeHandle, useRef, type ForwardedRef, type ReactElement, type Ref } from 'react';
import type {
  AlternativePaymentComponentElement,
  CardFieldContainers,
  ComponentConfig,
  ComponentState,
  Locale,
  PaymentComponentElement,
  PaymentError,
} from '@payments/embedded-fields';
import { useLatest } from './latest';
import { notMounted } from './not-ready';
import { usePaymentContext } from './provider';

/** The props every component takes. */
export interface FramedComponentProps {
  /** The session from your backend's POST /api/sessions. A new one gives a new component. */
  sessionId: string;
  /** This component's language; default: the provider's. Changing it relabels in place. */
  locale?: Locale | undefined;
  /** The fields' look (README of @payments/embedded-fields: theme). A change applies in place (update()). */
  theme?: ComponentConfig['theme'];
  /** `--ef-*` variables; they win over `theme`. A change applies in place (update()). */
  styles?: ComponentConfig['styles'];
  /** Your own texts per locale (the fields' labels are their accessible names). A change applies in place (update()). */
  translations?: ComponentConfig['translations'];
  /** Which holder fields to show. A change applies in place (update()); split fields need a field component for each shown field. */
  customerConfig?: ComponentConfig['customerConfig'];
  /** Hide the visible labels inside the frame, keeping them as the fields' accessible names. A change applies in place (update()). */
  hideLabels?: boolean | undefined;
  /** The fields are ready to type into. */
  onReady?: (() => void) | undefined;
  /** The state changed: `state.valid` says whether it can pay. */
  onChange?: ((state: ComponentState) => void) | undefined;
  /** A failure (localized `message`, stable `code`): a frame that cannot load, a payment error. */
  onError?: ((error: PaymentError) => void) | undefined;
  /** For the placeholder <div> the frame is mounted in. */
  id?: string | undefined;
  className?: string | undefined;
}

type Element = PaymentComponentElement | AlternativePaymentComponentElement;
type ElementOf<T> = T extends 'alternative-payment-method' ? AlternativePaymentComponentElement : PaymentComponentElement;

/** A placeholder <div> for a frame, with the component's attributes; `ref` gets the element. */
export function placeholder(type: string, props: Pick<FramedComponentProps, 'id' | 'className'>, ref: Ref<HTMLDivElement>): ReactElement {
  return createElement('div', { ref, id: props.id, className: props.className, 'data-payment-component': type });
}

/** The handle's methods, forwarded to the component once it exists. */
export interface FramedHandle<E extends Element> {
  submitPayment(options?: Parameters<E['submitPayment']>[0]): ReturnType<E['submitPayment']>;
  validate(): boolean;
  getCustomer(): ReturnType<E['getCustomer']>;
}

export function useFramedComponent<T extends 'card' | 'saved-card' | 'alternative-payment-method'>(
  type: T,
  displayName: string,
  props: FramedComponentProps,
  /** The component's own settings (saveCard, preferredNetworks, componentConfig, paymentMethods), part of what re-creates it. */
  own: ComponentConfig,
  ref: ForwardedRef<FramedHandle<ElementOf<T>>>,
  /** Where to mount once the effect runs: the placeholder, or (split fields) the fields' elements; null: not yet. */
  target: () => HTMLElement | CardFieldContainers | null,
): void {
  const context = usePaymentContext(displayName);
  const { factory, clientKey, gatewayUrl, environment } = context;
  const locale = props.locale ?? context.locale;
  const component = useRef<ElementOf<T> | null>(null);
  /** The locale the live component shows (created with, or changed to). */
  const shown = useRef<Locale | undefined>(undefined);
  const latest = useLatest({ props, own, locale });

  // What update() changes in place, as one value; and everything else the frame is opened with:
  // a change of that re-creates the component (of the alternative methods: of both).
  const { theme, styles, translations, customerConfig, hideLabels } = props;
  const updatable = JSON.stringify({ theme, styles, translations, customerConfig, hideLabels });
  const settings = JSON.stringify({ own, ...(type === 'alternative-payment-method' ? { updatable } : {}) });
  /** The updatable options the live component has (created with, or updated to). */
  const applied = useRef<string | undefined>(undefined);

  useEffect(() => {
    const where = target();
    if (!factory || !where) return;
    const { props: current, own: currentOwn, locale: currentLocale } = latest.current;
    const instance = factory({ clientKey, sessionId: current.sessionId, environment, gatewayUrl, locale: currentLocale });
    const created = instance.create(type, {
      ...currentOwn,
      theme: current.theme,
      styles: current.styles,
      translations: current.translations,
      customerConfig: current.customerConfig,
      hideLabels: current.hideLabels,
      onChange: (state) => latest.current.props.onChange?.(state),
      onError: (error) => latest.current.props.onError?.(error),
    }) as ElementOf<T>;
    component.current = created;
    shown.current = currentLocale;
    applied.current = JSON.stringify({
      theme: current.theme,
      styles: current.styles,
      translations: current.translations,
      customerConfig: current.customerConfig,
      hideLabels: current.hideLabels,
    });
    created.mount(where).then(
      () => latest.current.props.onReady?.(),
      // A cancelled mount (this effect cleaned up) is nobody's concern; a frame that could not
      // load was already said through onError by embedded-fields. A wrong place (split fields
      // without a shown field's component) is the developer's to hear: the console says it.
      (error: unknown) => {
        if (error instanceof Error && error.name === 'PaymentComponentError') console.error(error);
      },
    );
    return () => {
      if (component.current === created) component.current = null;
      created.destroy();
      instance.destroy();
    };
    // The session and `settings` (the frame's options as one value) decide the component; the
    // rest is read from `latest` when it is created.
    // `target` reads refs, which are set by the time effects run: not a dependency.
  }, [factory, type, clientKey, environment, gatewayUrl, props.sessionId, settings, latest]);

  useEffect(() => {
    const live = component.current;
    if (!live || updatable === applied.current || !('update' in live)) return;
    applied.current = updatable;
    const { theme: t, styles: st, translations: tr, customerConfig: cc, hideLabels: hl } = latest.current.props;
    // A bad option throws here as at create(); update() itself answers once the frame has it.
    void live.update({ theme: t, styles: st, translations: tr, customerConfig: cc, hideLabels: hl }).catch(() => undefined);
  }, [updatable, latest]);

  useEffect(() => {
    if (!locale || locale === shown.current || !component.current) return;
    component.current.changeLocale(locale);
    shown.current = locale;
  }, [locale]);

  useImperativeHandle(
    ref,
    () => ({
      submitPayment: ((options?: Parameters<Element['submitPayment']>[0]) => {
        const live = component.current;
        if (live) return live.submitPayment(options as never);
        const failure = notMounted(latest.current.locale);
        const rejected = Promise.reject(failure);
        if (options?.callback) {
          rejected.catch(() => undefined); // with a callback, as embedded-fields: the callback hears it
          options.callback(null, { code: failure.code, message: failure.message });
        }
        return rejected;
      }) as FramedHandle<ElementOf<T>>['submitPayment'],
      validate: () => component.current?.validate() ?? false,
      getCustomer: (() => component.current?.getCustomer() ?? Promise.resolve({})) as FramedHandle<ElementOf<T>>['getCustomer'],
    }),
    [latest],
  );
}
