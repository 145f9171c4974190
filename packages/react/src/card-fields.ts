/**
 * Split card fields for React: <CardFields> is one card component (one session, one `ref` to
 * pay with, the same props as <CardComponent>) whose fields are each in a gateway frame of
 * their own, placed wherever its children put <CardNumberField>, <CardExpiryField>,
 * <CardCvvField> (and <CardHolderNameField>, <CardEmailField> when customerConfig shows
 * them). Each field component renders the placeholder <div> its frame goes in; the group
 * mounts the card once, into all of them (embedded-fields' `mount({ number, expiry, cvv })`).
 * Under StrictMode: one frame per field, as with the one-frame component.
 */
import { createContext, createElement, forwardRef, useCallback, useContext, useRef, type ForwardRefExoticComponent, type ReactElement, type ReactNode, type RefAttributes } from 'react';
import type { CardFieldContainers, FieldName } from '@payments/embedded-fields';
import type { CardComponentHandle, CardComponentProps } from './components';
import { placeholder, useFramedComponent } from './framed-component';

type Register = (field: FieldName, element: HTMLDivElement | null) => void;

const FieldsContext = createContext<Register | null>(null);

export interface CardFieldsProps extends Omit<CardComponentProps, 'id' | 'className'> {
  /** Your layout, with a field component for each field the card shows. */
  children?: ReactNode;
}

/** The group: one card component whose fields are the field components among its children. */
export const CardFields: ForwardRefExoticComponent<CardFieldsProps & RefAttributes<CardComponentHandle>> = forwardRef<CardComponentHandle, CardFieldsProps>(
  function CardFields(props, ref) {
    const fields = useRef(new Map<FieldName, HTMLDivElement>());
    const register = useCallback<Register>((field, element) => {
      if (element) fields.current.set(field, element);
      else fields.current.delete(field);
    }, []);
    useFramedComponent('card', 'CardFields', props, { saveCard: props.saveCard, preferredNetworks: props.preferredNetworks }, ref, () => {
      const { number, expiry, cvv, holderName, email } = Object.fromEntries(fields.current) as Partial<Record<FieldName, HTMLDivElement>>;
      // Mounted with what is there: a shown field without its component is said by mount() (onError-free, a rejected mount).
      if (!number && !expiry && !cvv) return null;
      return { number, expiry, cvv, ...(holderName ? { holderName } : {}), ...(email ? { email } : {}) } as CardFieldContainers;
    });
    return createElement(FieldsContext.Provider, { value: register }, props.children);
  },
);

/** The props of each field component: the placeholder <div>'s id and class. */
export interface CardFieldProps {
  id?: string | undefined;
  className?: string | undefined;
}

function fieldComponent(field: FieldName, displayName: string): (props: CardFieldProps) => ReactElement {
  const Field = (props: CardFieldProps): ReactElement => {
    const register = useContext(FieldsContext);
    if (!register) throw new Error(`@payments/react: <${displayName}> must be inside <CardFields>`);
    const ref = useCallback((element: HTMLDivElement | null) => register(field, element), [register]);
    return placeholder(`card-${field}`, props, ref);
  };
  Field.displayName = displayName;
  return Field;
}

/** The card number's frame (it also pays: the group's number encrypts the card). */
export const CardNumberField = fieldComponent('number', 'CardNumberField');
export const CardExpiryField = fieldComponent('expiry', 'CardExpiryField');
export const CardCvvField = fieldComponent('cvv', 'CardCvvField');
/** Only when customerConfig.hasHolderName. */
export const CardHolderNameField = fieldComponent('holderName', 'CardHolderNameField');
/** Only when customerConfig.hasHolderEmail. */
export const CardEmailField = fieldComponent('email', 'CardEmailField');
