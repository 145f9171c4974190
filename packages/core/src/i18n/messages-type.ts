/**
 * The shape of a locale catalog. Every catalog is declared as `Messages`, so a missing or
 * extra key is a compile error; error groups are keyed by the code unions, so adding a code
 * without a message in every language is one too.
 */
import type { CardErrorCode } from '../card/card-errors';
import type { CustomerCheckCode } from '../customer/customer-rules';
import type { ThreeDsErrorCode } from '../three-ds/three-ds-errors';
import type { PluralForms } from './plurals';

/** The fields of the card component, by accessible name and placeholder. */
export type CardFieldName = 'cardNumber' | 'expiryDate' | 'cvv' | 'cardholderName' | 'email';

/** A locale's texts. `{name}` marks a parameter for `formatMessage`. */
export interface Messages {
  /** Accessible names (labels) of the fields. */
  readonly labels: Readonly<Record<CardFieldName, string>>;
  /**
   * Placeholders. `cvv` is the 3-digit one; the card form follows the brand (1234 for a
   * 4-digit code, and the label is the brand's own name: CVV, CVC, CID, CVN).
   */
  readonly placeholders: Readonly<Record<CardFieldName, string>>;
  readonly cardErrors: Readonly<Record<CardErrorCode, string>>;
  readonly customerErrors: Readonly<Record<CustomerCheckCode, string>>;
  readonly threeDsErrors: Readonly<Record<ThreeDsErrorCode, string>>;
  /** Saving a card, and paying with a saved one (card and saved-card components). */
  readonly savedCard: {
    /** The card component's checkbox when the merchant offers saving. */
    readonly saveCard: string;
    /** Spoken description of a saved card. Parameters: {brand}, {last4}. */
    readonly cardEnding: string;
    /** Parameter: {date}, MM/YY. */
    readonly expires: string;
    /** Parameter: {date}, MM/YY. */
    readonly expired: string;
    /** The card's expiry is in the past (checked before sending, or the gateway's EXPIRED code). */
    readonly expiredError: string;
    /** The gateway refused it as deleted or inactive (INVALID_REQUEST_PAYMENT_METHOD_INACTIVE). */
    readonly inactiveError: string;
  };
  /** A co-badged card's network choice (card and hosted page: EU regulation 2015/751, article 8). */
  readonly cardNetwork: {
    /** The legend of the networks' radio group (the networks' names are not translated). */
    readonly legend: string;
  };
  /** The alternative-payment-method component. */
  readonly alternativeMethods: {
    /** The legend of the list of methods. */
    readonly legend: string;
    readonly firstName: string;
    readonly lastName: string;
    /** The provider-x-local code field; optional. */
    readonly blikCode: string;
    readonly blikHint: string;
    readonly blikInvalid: string;
    /** The select of a multi-method provider's options. */
    readonly providerOption: string;
    /** Parameter: {method}, the chosen method's name. */
    readonly redirectNotice: string;
    readonly chooseMethod: string;
    readonly noMethods: string;
    /** Names of the generic bank methods (wallet and scheme brands are not translated). */
    readonly bankNetwork: string;
    readonly openBanking: string;
  };
  readonly status: {
    readonly processing: string;
    readonly approved: string;
    readonly declined: string;
    readonly verifying: string;
    readonly close: string;
    /** Title of the card frame, by which assistive technology (and tests) find it. */
    readonly frameTitle: string;
    /** Title of the issuer's challenge frame. */
    readonly challengeFrameTitle: string;
    readonly genericError: string;
    readonly serviceUnavailable: string;
    /** Split fields: the card's fields could not be gathered from their frames to pay. */
    readonly fieldsUnavailable: string;
    readonly sessionExpired: string;
    /** The card-testing limit: the gateway's INVALID_REQUEST_TOO_MANY_ATTEMPTS. */
    readonly tooManyAttempts: string;
  };
  readonly hostedPage: {
    /** Parameter: {amount}, formatted with `formatAmount`. */
    readonly pay: string;
    readonly cancel: string;
    readonly card: string;
    readonly savedCards: string;
    /** Parameter: {method}, a payment method's name. */
    readonly payWith: string;
    readonly tryAgain: string;
    readonly orderSummary: string;
  };
  /**
   * Counted phrases, one form per plural category of the locale (`formatPlural`); every
   * form has `{count}`.
   */
  readonly plurals: {
    /** The number of instalments to pay in ("3 instalments"). */
    readonly instalments: PluralForms;
  };
}
