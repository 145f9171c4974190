/**
 * The "Test scenario" picker's catalogue (QA): which terminal and metadata a checkout
 * session is created with. The browser only ever sends a scenario id; the metadata that
 * drives the simulators is chosen here, server-side.
 *
 * - `test-cards`: TERM00001, the simplified simulator: the card number decides (spec: Test
 *   behaviour). One session serves all five card pairs.
 * - one scenario per `metadata.simulated_flow`: TERM00002, the full 3-D Secure simulator.
 * - alternative methods: an order in PLN (BLIK is offered), and a provider that declines.
 */
import { SIMULATED_FLOWS, TEST_CARDS, type SimulatedFlow, type TestCardScenario } from '@payments/testing';
import type { PublicScenario, ScenarioCard } from '../shared/api-types';

export interface Scenario extends PublicScenario {
  terminalId: string;
  /** Sent as the session's metadata (carried into its transactions). */
  metadata: Record<string, string> | null;
  /** Another currency and amount than the basket's (e.g. PLN, where BLIK is offered). */
  order?: { currency: string; amount: number };
}

export const DEFAULT_SCENARIO_ID = 'test-cards';

const CARD_OUTCOMES: Record<TestCardScenario, string> = {
  'frictionless-approved': 'Approved, no challenge (frictionless)',
  redirect: 'Issuer page opens (Approve / Decline), then back to the shop',
  'form-submit-approved': 'Issuer form posts automatically, approved',
  'form-submit-declined': 'Issuer form posts automatically, declined',
  'insufficient-funds': 'Authenticated, then declined: 1004 insufficient funds',
};

const FLOW_OUTCOMES: Record<SimulatedFlow, { label: string; description: string }> = {
  VERSIONING_FINGERPRINT_Y_CHALLENGE: {
    label: 'Challenge',
    description: 'Fingerprint, then a challenge: your answer at the issuer decides.',
  },
  VERSIONING_FINGERPRINT_A_FRICTIONLESS: {
    label: 'Frictionless (A), approved',
    description: 'Fingerprint, then frictionless with trans_status A: approved.',
  },
  VERSIONING_FINGERPRINT_N_FRICTIONLESS: {
    label: 'Frictionless (N), declined',
    description: 'Fingerprint, then frictionless with trans_status N: declined.',
  },
  VERSIONING_NOT_ENROLLED: {
    label: 'Not enrolled',
    description: 'No 3-D Secure for this card: authorized directly, approved.',
  },
  VERSIONING_NO_METHOD_URL_CHALLENGE: {
    label: 'Challenge, no fingerprint',
    description: 'No 3-D Secure method URL (no fingerprint frame), then a challenge.',
  },
  VERSIONING_FINGERPRINT_Y_CHALLENGE_EXTRA_ROUND: {
    label: 'Challenge, extra round',
    description: 'A challenge, a second challenge, then the result.',
  },
  VERSIONING_FINGERPRINT_Y_CHALLENGE_TWO_EXTRA_ROUNDS: {
    label: 'Challenge, too many rounds',
    description: 'A challenge and a second one, then declined (TRX_STATUS_3DS_TOO_MANY_ROUNDS).',
  },
  VERSIONING_FINGERPRINT_Y_REDIRECT: {
    label: 'Full-page redirect',
    description: 'Fingerprint, then a full-page redirect to the issuer and back to the shop.',
  },
  VERSIONING_FINGERPRINT_Y_FORM_SUBMIT: {
    label: 'Auto-submitted form',
    description: 'Fingerprint, then an issuer form that posts itself, and back to the shop.',
  },
};

/** Any valid card works with the full simulator: the flow decides, not the number. */
const ANY_CARD: ScenarioCard = { number: '4111111111111111', expected: 'Any valid card number: the flow decides' };

/** Alternative payment methods: an order BLIK fits (PLN), and a provider that refuses at once. */
const METHOD_SCENARIOS: readonly Scenario[] = [
  {
    id: 'order-in-pln',
    label: 'Order in złoty (BLIK)',
    group: 'methods',
    description:
      'The basket priced in PLN (214.99) on TERM00001: under "Other payment methods" BLIK (provider-x-local) is offered first. Cards work as with the test cards.',
    terminalId: 'TERM00001',
    metadata: null,
    order: { currency: 'PLN', amount: 21_499 },
    cards: TEST_CARDS.filter((card) => card.scenario === 'frictionless-approved').map((card) => ({ number: card.number, expected: CARD_OUTCOMES[card.scenario] })),
  },
  {
    id: 'provider-declines',
    label: 'Provider declines at once',
    group: 'methods',
    description:
      'Every method is declined at authorize (metadata.response_code TRX_STATUS_DECLINED): a wallet or bank answers DECLINED without leaving the shop. Cards outside the test table are declined too.',
    terminalId: 'TERM00001',
    metadata: { response_code: 'TRX_STATUS_DECLINED' },
    cards: [{ number: '4111111111111111', expected: 'Declined at once (TRX_STATUS_DECLINED)' }],
  },
];

export const SCENARIOS: readonly Scenario[] = [
  {
    id: DEFAULT_SCENARIO_ID,
    label: 'Test cards',
    group: 'cards',
    description: 'The card number decides the outcome (simplified simulator on TERM00001).',
    terminalId: 'TERM00001',
    metadata: null,
    cards: TEST_CARDS.map((card) => ({ number: card.number, expected: CARD_OUTCOMES[card.scenario] })),
  },
  ...SIMULATED_FLOWS.map(
    (flow): Scenario => ({
      id: flow,
      label: FLOW_OUTCOMES[flow].label,
      group: 'flows',
      description: `${FLOW_OUTCOMES[flow].description} Full simulator on TERM00002 (${flow}).`,
      terminalId: 'TERM00002',
      metadata: { simulated_flow: flow },
      cards: [ANY_CARD],
    }),
  ),
  ...METHOD_SCENARIOS,
];

export function findScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.id === id);
}

/** What the page sees of the scenarios. */
export function publicScenarios(): PublicScenario[] {
  return SCENARIOS.map(({ id, label, group, description, cards }) => ({ id, label, group, description, cards }));
}
