/**
 * Everything paying needs and showing the checkout does not: encryption, authorize, the
 * 3-D Secure machine and its adapter. Its own chunk, loaded once the shopper starts
 * (payment-attempt.ts: the first focus or touch) and awaited on Pay, so the page is
 * interactive sooner and a shopper who only looks downloads none of it.
 */
export { payByCard, payByRedirect, type PaymentResult } from './checkout-payment';
export { createHostedPageAdapter } from './three-ds-adapter';
