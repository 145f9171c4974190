/**
 * @payments/react: Embedded Fields for React 18 and 19. The provider loads embedded-fields.js
 * once; the components mount the gateway's secure frames and hand out a `ref` to pay with.
 * Safe to import and render on a server (nothing touches `window` until an effect runs).
 */
export { PaymentComponentProvider, type PaymentComponentProviderProps } from './provider';
export {
  AlternativePaymentMethodComponent,
  CardComponent,
  SavedCardComponent,
  type AlternativePaymentMethodComponentHandle,
  type AlternativePaymentMethodComponentProps,
  type CardComponentHandle,
  type CardComponentProps,
  type SavedCardComponentProps,
} from './components';
export {
  CardCvvField,
  CardEmailField,
  CardExpiryField,
  CardFields,
  CardHolderNameField,
  CardNumberField,
  type CardFieldProps,
  type CardFieldsProps,
} from './card-fields';
export type { FramedComponentProps } from './framed-component';
export { isPaymentFailure } from '@payments/embedded-fields';
export type {
  AlternativePaymentResponse,
  CardFieldContainers,
  ComponentState,
  Customer,
  Environment,
  HolderData,
  Locale,
  PaymentError,
  PaymentErrorCode,
  PaymentFailure,
  PaymentResponse,
  SavedCardData,
  SubmitPaymentOptions,
  Theme,
  Translations,
} from '@payments/embedded-fields';
