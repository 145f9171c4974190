/**
 * What loadPaymentComponent() rejects with where there is no browser document (server
 * rendering, a Node test): embedded-fields.js and its secure frames live only in a page.
 * A named error, so a server-rendered app tells it from a real load failure at a glance.
 */
export class BrowserRequiredError extends Error {
  override readonly name = 'BrowserRequiredError';
  readonly code = 'browser_required';

  constructor() {
    super('loadPaymentComponent: embedded-fields.js loads only in a browser page (no `document` here: server rendering?); call it from an effect or an event handler');
  }
}
