/**
 * The three components, each a placeholder <div> that embedded-fields mounts its secure frame
 * into (framed-component.ts), with a handle (`ref`) to pay, validate and read the holder data.
 * forwardRef: React 18 needs it for `ref`, React 19 accepts it.
 */
import { forwardRef, useRef, type ForwardRefExoticComponent, type ReactElement, type RefAttributes } from 'react';
import type {
  AlternativePaymentComponentElement,
  ComponentConfig,
  PaymentComponentElement,
  SavedCardData,
} from '@payments/embedded-fields';
import { placeholder, useFramedComponent, type FramedComponentProps, type FramedHandle } from './framed-component';

/** `ref` of <CardComponent> and <SavedCardComponent>. */
export interface CardComponentHandle extends FramedHandle<PaymentComponentElement> {
  /**
   * Pays. Resolves with the PaymentResponse (`approved` true or false); rejects with a
   * PaymentFailure (`isPaymentFailure`); `code: 'not_mounted'` before the form is on the page.
   */
  submitPayment: FramedHandle<PaymentComponentElement>['submitPayment'];
  /** Shows the errors in the frame; answers whether everything is valid now. */
  validate(): boolean;
  /** What the shopper typed in the optional holder name and email fields. */
  getCustomer: FramedHandle<PaymentComponentElement>['getCustomer'];
}

/** `ref` of <AlternativePaymentMethodComponent>: its submitPayment answers an AlternativePaymentResponse. */
export type AlternativePaymentMethodComponentHandle = FramedHandle<AlternativePaymentComponentElement>;

export interface CardComponentProps extends FramedComponentProps {
  /** Offer the shopper a "save this card" checkbox. */
  saveCard?: ComponentConfig['saveCard'];
  /**
   * A co-badged card's networks to preselect, in order (`['visa']`, `['cartes_bancaires']`):
   * the first the card has is chosen until the shopper chooses another. A change re-creates
   * the component (it is not an option of update()).
   */
  preferredNetworks?: ComponentConfig['preferredNetworks'];
}

export interface SavedCardComponentProps extends FramedComponentProps {
  /** The saved card to pay with (its token, masked number, MMYY expiry, brand), from your backend. */
  card: SavedCardData;
}

export interface AlternativePaymentMethodComponentProps extends FramedComponentProps {
  /** The methods to offer, in this order (e.g. `['wallet-a-redirect']`); default: every one the order fits. */
  paymentMethods?: string[] | undefined;
}

/** A component in one frame, in the placeholder <div> it renders. */
function useOneFrame<T extends 'card' | 'saved-card' | 'alternative-payment-method'>(
  type: T,
  displayName: string,
  props: FramedComponentProps,
  own: ComponentConfig,
  ref: Parameters<typeof useFramedComponent<T>>[4],
): ReactElement {
  const container = useRef<HTMLDivElement>(null);
  useFramedComponent(type, displayName, props, own, ref, () => container.current);
  return placeholder(type, props, container);
}

/** The card form (number, expiry, security code; optional holder fields) in the gateway's frame. */
export const CardComponent: ForwardRefExoticComponent<CardComponentProps & RefAttributes<CardComponentHandle>> = forwardRef<CardComponentHandle, CardComponentProps>(
  function CardComponent(props, ref) {
    return useOneFrame('card', 'CardComponent', props, { saveCard: props.saveCard, preferredNetworks: props.preferredNetworks }, ref);
  },
);

/** A saved card's security code, to pay with that card. */
export const SavedCardComponent: ForwardRefExoticComponent<SavedCardComponentProps & RefAttributes<CardComponentHandle>> = forwardRef<
  CardComponentHandle,
  SavedCardComponentProps
>(function SavedCardComponent(props, ref) {
  return useOneFrame('saved-card', 'SavedCardComponent', props, { componentConfig: { data: props.card } }, ref);
});

/** The wallets, banks and local methods the session's order fits; the page follows `response.redirect.url` itself. */
export const AlternativePaymentMethodComponent: ForwardRefExoticComponent<
  AlternativePaymentMethodComponentProps & RefAttributes<AlternativePaymentMethodComponentHandle>
> = forwardRef<AlternativePaymentMethodComponentHandle, AlternativePaymentMethodComponentProps>(function AlternativePaymentMethodComponent(props, ref) {
  return useOneFrame('alternative-payment-method', 'AlternativePaymentMethodComponent', props, { paymentMethods: props.paymentMethods }, ref);
});
