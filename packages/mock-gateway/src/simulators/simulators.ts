/**
 * The spec's test simulators as plain functions of (card, metadata, terminal) → plan.
 * No state, no I/O: the 3-D Secure engine carries the plan out.
 *
 * Simplified simulator (spec: Test behaviour): the card number alone decides; for other
 * cards `simulate_redirect`, `simulate_form_submit`, else 3-D Secure is skipped and
 * `response_code` decides. Full simulator: `metadata.simulated_flow` selects a flow.
 */
import {
  PROCESSING_CODES,
  SIMULATED_FLOWS,
  decodeBase64Json,
  testCardScenario,
  type SimulatedFlow,
  type TransStatus,
} from '@payments/core';
import type { SimulatorKind } from '../config';
import type { Outcome } from '../payments/build';

export type AuthenticationPlan =
  | { kind: 'skip' }
  | { kind: 'frictionless'; transStatus: TransStatus }
  | { kind: 'redirect' }
  | { kind: 'form_submit'; transStatus: TransStatus }
  | { kind: 'full'; flow: SimulatedFlow };

/** The flow a full-simulator terminal runs when the request names none (README, decisions). */
export const DEFAULT_FULL_FLOW: SimulatedFlow = 'VERSIONING_FINGERPRINT_A_FRICTIONLESS';

export function isSimulatedFlow(value: unknown): value is SimulatedFlow {
  return typeof value === 'string' && (SIMULATED_FLOWS as readonly string[]).includes(value);
}

export function planAuthentication(
  cardNumber: string | null,
  metadata: Record<string, unknown>,
  simulator: SimulatorKind,
): AuthenticationPlan {
  const flow = metadata.simulated_flow;
  if (isSimulatedFlow(flow)) return { kind: 'full', flow };
  if (simulator === 'full') return { kind: 'full', flow: DEFAULT_FULL_FLOW };

  switch (cardNumber ? testCardScenario(cardNumber) : undefined) {
    case 'frictionless-approved':
    case 'insufficient-funds':
      return { kind: 'frictionless', transStatus: 'Y' };
    case 'redirect':
      return { kind: 'redirect' };
    case 'form-submit-approved':
      return { kind: 'form_submit', transStatus: 'Y' };
    case 'form-submit-declined':
      return { kind: 'form_submit', transStatus: 'N' };
    case undefined:
      break;
  }
  if (isTruthy(metadata.simulate_redirect)) return { kind: 'redirect' };
  if (metadata.simulate_form_submit !== undefined && metadata.simulate_form_submit !== false) {
    return { kind: 'form_submit', transStatus: formSubmitStatus(metadata.simulate_form_submit) };
  }
  return { kind: 'skip' };
}

/** `simulate_form_submit`: a JSON string such as {"trans_status":"N"} (default Y). */
function formSubmitStatus(value: unknown): TransStatus {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      try {
        parsed = decodeBase64Json(value);
      } catch {
        parsed = {};
      }
    }
  }
  const status = (parsed as { trans_status?: unknown } | null)?.trans_status;
  return status === 'N' || status === 'R' || status === 'U' || status === 'A' ? status : 'Y';
}

function isTruthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** An authorization's outcome, or PENDING: the provider has not decided yet (settled later). */
export type AuthorizationDecision = Outcome | { status: 'PENDING' };

/**
 * The authorization after authentication (or without it): the insufficient-funds card
 * declines with 1004 whatever happens; otherwise `metadata.response_code` decides
 * (TRX_STATUS_PENDING, ours: the provider answers later, as `/__mock/.../settle` does).
 */
export function decideAuthorization(cardNumber: string | null, metadata: Record<string, unknown>): AuthorizationDecision {
  if (cardNumber && testCardScenario(cardNumber) === 'insufficient-funds') {
    return {
      status: 'DECLINED',
      code: PROCESSING_CODES.INSUFFICIENT_FUNDS,
      message: 'TRX_STATUS_DECLINED_INSUFFICIENT_FUNDS',
    };
  }
  if (cardNumber && testCardScenario(cardNumber) !== undefined) return { status: 'APPROVED' };
  switch (metadata.response_code) {
    case 'TRX_STATUS_DECLINED':
      return { status: 'DECLINED', code: PROCESSING_CODES.DECLINED, message: 'TRX_STATUS_DECLINED' };
    case 'TRX_STATUS_FAILED':
      return { status: 'FAILED', message: 'TRX_STATUS_FAILED' };
    case 'TRX_STATUS_PENDING':
      return { status: 'PENDING' };
    default:
      return { status: 'APPROVED' };
  }
}

/**
 * A capture, refund or void (ours; the spec shows management only approved): the
 * provider declines it with `metadata.response_code` TRX_STATUS_DECLINED, fails it with
 * TRX_STATUS_FAILED, else approves it. There is no pending management event, so no pending.
 */
export function decideManagement(metadata: Record<string, unknown>): Outcome {
  const decision = decideAuthorization(null, metadata);
  return decision.status === 'PENDING' ? { status: 'APPROVED' } : decision;
}

/** What an authentication outcome means for the payment (README, decisions: U proceeds). */
export function authenticationAllowsAuthorization(status: TransStatus): boolean {
  return status === 'Y' || status === 'A' || status === 'U';
}

/** Full-simulator flows, decomposed. */
export function flowTraits(flow: SimulatedFlow): {
  enrolled: boolean;
  methodUrl: boolean;
  afterFingerprint: 'challenge' | 'frictionless-A' | 'frictionless-N' | 'redirect' | 'form_submit';
  /** Challenges the issuer asks for after the first one (1: one extra round; 2: declined). */
  extraRounds: number;
} {
  switch (flow) {
    case 'VERSIONING_NOT_ENROLLED':
      return { enrolled: false, methodUrl: false, afterFingerprint: 'frictionless-A', extraRounds: 0 };
    case 'VERSIONING_FINGERPRINT_A_FRICTIONLESS':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'frictionless-A', extraRounds: 0 };
    case 'VERSIONING_FINGERPRINT_N_FRICTIONLESS':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'frictionless-N', extraRounds: 0 };
    case 'VERSIONING_FINGERPRINT_Y_CHALLENGE':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'challenge', extraRounds: 0 };
    case 'VERSIONING_NO_METHOD_URL_CHALLENGE':
      return { enrolled: true, methodUrl: false, afterFingerprint: 'challenge', extraRounds: 0 };
    case 'VERSIONING_FINGERPRINT_Y_CHALLENGE_EXTRA_ROUND':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'challenge', extraRounds: 1 };
    case 'VERSIONING_FINGERPRINT_Y_CHALLENGE_TWO_EXTRA_ROUNDS':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'challenge', extraRounds: 2 };
    case 'VERSIONING_FINGERPRINT_Y_REDIRECT':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'redirect', extraRounds: 0 };
    case 'VERSIONING_FINGERPRINT_Y_FORM_SUBMIT':
      return { enrolled: true, methodUrl: true, afterFingerprint: 'form_submit', extraRounds: 0 };
  }
}
