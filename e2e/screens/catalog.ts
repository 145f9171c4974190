/** The screens `pnpm screens` captures, in order, with what each shows. */
export const SCREENS = {
  'demo-checkout': 'The demo shop\'s checkout: the card form in its frame (gateway origin) on the shop\'s page.',
  'demo-card-errors': 'Pay with the card form empty: each problem said once, at its field; no banner.',
  'demo-approved': 'A frictionless card approved: the shop\'s result, checked by its backend.',
  'demo-declined': 'Authenticated, then declined for insufficient funds: the reason and what to do next.',
  challenge: 'The 3-D Secure challenge: the dialog over the shop, the test issuer\'s page inside.',
  'acs-redirect': 'The issuer\'s full page (the redirect step), on the gateway.',
  'demo-return': 'Back at the shop from the issuer\'s page: the order confirmed.',
  provider: 'A wallet\'s (test) provider page: Approve, Decline, Abandon.',
  'provider-abandoned': 'A wallet abandoned at the provider: back at the shop, the payment canceled, how to try again.',
  'provider-bank-abandoned': 'Online banking abandoned at the bank\'s page: back at the shop, the bank has not confirmed it yet (it stays pending), what happens either way.',
  'provider-blik': 'The BLIK provider page (an order in złoty) asking for the code.',
  'hpp-pay': 'The hosted payment page (the shop\'s hosted checkout in the shopper\'s language).',
  'hpp-declined': 'The hosted page after a declined card: the banner and the card still typed in.',
  'hpp-success': 'The hosted page after paying: the result, the order number, the way back.',
  'hpp-cancel': 'Canceled on the hosted page: the shop\'s cancel page.',
  'hpp-bank-pending': 'The hosted page back from online banking abandoned at the bank\'s page: pending at the bank, not canceled.',
  'hpp-invalid': 'A hosted page link that is not valid.',
} as const;

export type ScreenName = keyof typeof SCREENS;
