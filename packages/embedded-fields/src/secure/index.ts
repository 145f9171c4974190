/**
 * `@payments/embedded-fields/secure`: what runs on the gateway's origin and is shared by the
 * card frame and the hosted page. The hosted page imports Embedded Fields through this face
 * only (README, "The secure face"). Importing it registers `<ef-card-form>`.
 */

/** The card and saved-card form element (`<ef-card-form>`), as the card frame renders it. */
export { CardForm, type CardData } from './card-form';
/** Its stylesheets, which the element does not adopt itself: a document that draws it adopts them once. */
export { adoptCardFormStylesheets } from './card-form-stylesheets';
/**
 * Its rules (formatting, validation, the brands): a chunk of their own, as in the card frame.
 * An empty form draws without them; `loadCardRules()` fetches them once (the hosted page asks
 * at the shopper's first focus or touch, and waits for them before `validateAll()`); what is
 * typed before they arrive stays in the inputs and is formatted when they do. A form that
 * must have them as it is drawn (the hosted page's first view, in Node) awaits them first.
 */
import { cardRulesFrom } from './card-rules-loader';
cardRulesFrom(() => import('./card-rules'));
export { loadCardRules } from './card-rules-loader';

/** The catalog the gateway wrote into the document, handed to core (no request for it). */
export { takeDocumentCatalog } from './document-catalog';

/** The gateway client: same origin, client key; every failure a GatewayCallError. */
export { createGatewayApi, GatewayCallError, type GatewayApi } from './gateway-api';

/** THE card-payment pipeline: encrypt, authorize, 3-D Secure, finish. */
export {
  finishPayment,
  payByCard,
  payByRedirect,
  type CardPaymentOutcome,
  type CardToPay,
  type PaymentChannel,
  type PaymentFailure,
} from './card-payment';

/** THE error mapper (core's processing-code table, localized from core's catalogs). */
export { gatewayError, paymentError, paymentErrorCode } from './payment-errors';

/** 3-D Secure's browser steps: the hidden fingerprint iframe, THE challenge dialog, THE form post. */
export { runFingerprint } from './fingerprint';
export { openChallengeDialog, type ChallengeLabels, type ChallengeOutcome, type ChallengeRequest, type OpenChallenge } from '../shared/challenge-dialog';
export { postForm } from '../shared/form-post';

export type { PaymentError, PaymentErrorCode, TransactionStatus } from '../shared/payment-types';

/**
 * First views: a card form the gateway draws into a document (lit templates as markup,
 * escaped: serialize), and its take-over by the script's own form (what was typed, the
 * focus and the caret).
 */
export { serialize, TrustedMarkup, type SerializeOptions } from './first-view/serialize';
export { enter, enterTypedCard, FIRST_VIEW_ATTRIBUTE, readTypedCard, type TypedCard, type TypedField } from './first-view/take-over';
