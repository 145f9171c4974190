/**
 * The gateway's own server-rendered pages a shopper may see: the test issuer's (ACS)
 * challenge and redirect pages, the pages that carry the shopper on after a step, and the
 * test providers' pages of the wallet, bank and local methods. A catalog per locale, in the
 * voice of ../style/<locale>.md (the bank methods' names are `Messages`' alternativeMethods); `{name}` marks a parameter (formatMessage). Kept apart from
 * `Messages` so no secure frame loads these words.
 */
export interface GatewayPageTexts {
  /** The badge that marks the simulators' pages as test pages. */
  readonly testIssuer: string;
  readonly testProvider: string;
  /** The issuer's challenge and redirect pages. */
  readonly verifyTitle: string;
  readonly verifyIntro: string;
  /** A further challenge round. */
  readonly verifyAgain: string;
  /** The full-page redirect step. */
  readonly redirectIntro: string;
  /** Parameter: {last4}. */
  readonly cardEnding: string;
  readonly approve: string;
  readonly decline: string;
  /** After the challenge, while the page carries the shopper on. */
  readonly verifiedTitle: string;
  readonly verifiedLine: string;
  readonly notVerifiedTitle: string;
  readonly notVerifiedLine: string;
  /** The button of a page that posts on by itself (seen only without JavaScript). */
  readonly continue: string;
  /** Titles of the verification step pages (the hidden method page, the error pages). */
  readonly verificationTitle: string;
  readonly verificationInvalid: string;
  readonly verificationDone: string;
  readonly verificationUnknown: string;
  /** The provider's page. */
  readonly paymentTitle: string;
  readonly paymentUnknown: string;
  readonly providerIntro: string;
  readonly blikCode: string;
  readonly blikHint: string;
  /** The shopper leaves the payment at the provider (returns to the shop, the payment canceled). */
  readonly abandon: string;
  /** Inside the challenge frame, the moment after the issuer answered. */
  readonly verificationComplete: string;
  readonly verificationNotCompleted: string;
  /** A further round: the page that posts the shopper on to the issuer. */
  readonly continueToBank: string;
  /** The hosted page's own error pages. */
  readonly pageUnavailableTitle: string;
  readonly pageUnavailableLine: string;
  readonly linkInvalidTitle: string;
  readonly linkInvalidLine: string;
}
