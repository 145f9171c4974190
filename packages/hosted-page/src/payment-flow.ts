/**
 * Everything paying needs and showing the checkout does not: encryption, authorize, the
 * 3-D Secure machine and its adapter. Its own chunk, loaded right after the checkout is on
 * screen (and awaited on Pay), so the card field is interactive sooner.
 */
export { payByCard, payByRedirect, type PaymentResult } from './checkout-payment';
export { createHostedPageAdapter } from './three-ds-adapter';
