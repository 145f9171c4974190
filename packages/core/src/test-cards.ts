/**
 * The spec's Test behaviour, as data: the simplified simulator's card pairs and the full
 * simulator's flows. The mock gateway simulates from this table and the QA kit exports it,
 * so a test and the gateway cannot disagree about what a card does.
 */
import type { BrowserInfo } from './api-types';
import type { CardNetworkId } from './card/co-badged';

export type TestCardScenario =
  | 'frictionless-approved'
  | 'redirect'
  | 'form-submit-approved'
  | 'form-submit-declined'
  | 'insufficient-funds';

export interface TestCard {
  scenario: TestCardScenario;
  network: 1 | 2;
  number: string;
  /** A co-badged card's networks, in the order the card lists them (card/co-badged.ts). */
  brands?: readonly CardNetworkId[];
}

export const TEST_CARDS: readonly TestCard[] = [
  { scenario: 'frictionless-approved', network: 1, number: '4000000000000002' },
  { scenario: 'frictionless-approved', network: 2, number: '5200000000000007' },
  { scenario: 'redirect', network: 1, number: '4000000000000010' },
  { scenario: 'redirect', network: 2, number: '5200000000000015' },
  { scenario: 'form-submit-approved', network: 1, number: '4000000000000028' },
  { scenario: 'form-submit-approved', network: 2, number: '5200000000000023' },
  { scenario: 'form-submit-declined', network: 1, number: '4000000000000036' },
  { scenario: 'form-submit-declined', network: 2, number: '5200000000000031' },
  { scenario: 'insufficient-funds', network: 1, number: '4000000000000044' },
  { scenario: 'insufficient-funds', network: 2, number: '5200000000000049' },
  // Co-badged: the shopper chooses the network (EU regulation 2015/751, article 8). Last in
  // the table, so a search for a scenario's network 1 or 2 card finds the plain ones first.
  { scenario: 'frictionless-approved', network: 1, number: '4000002500001001', brands: ['cartes_bancaires', 'visa'] },
  { scenario: 'frictionless-approved', network: 2, number: '5555552500001001', brands: ['cartes_bancaires', 'mastercard'] },
];

/** The scenario of a card number (spaces ignored), or undefined for other cards. */
export function testCardScenario(cardNumber: string): TestCardScenario | undefined {
  const digits = cardNumber.replace(/\s+/g, '');
  return TEST_CARDS.find((card) => card.number === digits)?.scenario;
}

/**
 * `metadata.simulated_flow` values. The first four are the ones the spec shows; the rest
 * are ours, to reach the spec's remaining 3-D Secure rows (see README).
 */
export const SIMULATED_FLOWS = [
  'VERSIONING_FINGERPRINT_Y_CHALLENGE',
  'VERSIONING_FINGERPRINT_A_FRICTIONLESS',
  'VERSIONING_FINGERPRINT_N_FRICTIONLESS',
  'VERSIONING_NOT_ENROLLED',
  'VERSIONING_NO_METHOD_URL_CHALLENGE',
  'VERSIONING_FINGERPRINT_Y_CHALLENGE_EXTRA_ROUND',
  'VERSIONING_FINGERPRINT_Y_CHALLENGE_TWO_EXTRA_ROUNDS',
  'VERSIONING_FINGERPRINT_Y_REDIRECT',
  'VERSIONING_FINGERPRINT_Y_FORM_SUBMIT',
] as const;

export type SimulatedFlow = (typeof SIMULATED_FLOWS)[number];

/**
 * A desktop browser's `browser_info`, as a merchant backend forwards it on a Direct API
 * authorize: for server-side tests that need one.
 */
export const TEST_BROWSER_INFO: Readonly<BrowserInfo> = {
  user_agent: 'Mozilla/5.0',
  accept_header: 'text/html',
  java_enabled: false,
  color_depth: 24,
  screen_height: 900,
  screen_width: 1440,
  time_zone_offset: -60,
  language: 'en-US',
};
