/**
 * The shape of a locale catalog. Every catalog is declared as `Messages`, so a missing or
 * extra key is a compile error; error groups are keyed by the code unions, so adding a code
 * without a message in every language is one too.
 */
import type { CardErrorCode } from '../card/card-errors';
import type { CustomerCheckCode } from '../customer/customer-checks';
import type { ThreeDsErrorCode } from '../three-ds/three-ds-errors';

/** The fields of the card component, by accessible name and placeholder. */
export type CardFieldName = 'cardNumber' | 'expiryDate' | 'cvv' | 'cardholderName' | 'email';

/** A locale's texts. `{name}` marks a parameter for `formatMessage`. */
export interface Messages {
  /** Accessible names (labels) of the fields. */
  readonly labels: Readonly<Record<CardFieldName, string>>;
  readonly placeholders: Readonly<Record<CardFieldName, string>>;
  readonly cardErrors: Readonly<Record<CardErrorCode, string>>;
  readonly customerErrors: Readonly<Record<CustomerCheckCode, string>>;
  readonly threeDsErrors: Readonly<Record<ThreeDsErrorCode, string>>;
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
    readonly sessionExpired: string;
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
}
