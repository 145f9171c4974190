/**
 * @payments/hosted-page: the hosted payment page (built to dist/, served by the gateway at
 * /hpp/{session_id}). Its public surface is the page's pure rules, for tests and tools.
 */
export {
  instalmentChoices,
  outcomeOf,
  paymentOptions,
  PROVIDER_Y_METHODS,
  type PaymentOption,
  type SavedCardSummary,
  type SessionView,
} from './checkout-model';
export { checkContact } from './contact-fields';
export { type PageTexts } from './texts';
export { PAGE_TEXTS } from './texts/all';
export { contrast, themeVariables } from './theme';
