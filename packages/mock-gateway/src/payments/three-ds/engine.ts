/**
 * The gateway's side of 3-D Secure 2: carries out a simulator's plan across authorize,
 * request-authentication, the ACS pages and authentication-completed (spec: 3-D Secure
 * steps and calls). Every step is checked against the stage the transaction is in, so a
 * replayed or out-of-order call is a 422, never a second authorization.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CHALLENGE_WINDOW_SIZES,
  encodeBase64Json,
  type Action,
  type ChallengeWindowSize,
  type ExecutionResponse,
  type ThreeDsActionToken,
  type TransStatus,
} from '@payments/core';
import { acsChallengeUrl, acsFormSubmitUrl, acsMethodUrl, acsRedirectUrl } from '../../acs/urls';
import type { GatewayContext } from '../../context';
import { invalid } from '../../api-error';
import { authenticationAllowsAuthorization, decideAuthorization, flowTraits, type AuthenticationPlan } from '../../simulators/simulators';
import type { ThreeDsState, TransactionRecord } from '../../store/records';
import { finalize, markPending, respond, resultResponse, touch } from '../build';
import { saveCardIfAsked } from '../tokenize';
import { noteThreeDsStep } from './steps';

export const MESSAGE_VERSION = '2.2.0';

/** Authorizes now (3-D Secure done, skipped or not applicable) and answers the result. */
export function authorizeNow(ctx: GatewayContext, record: TransactionRecord): ExecutionResponse {
  const outcome = decideAuthorization(record.card?.number ?? null, record.metadata);
  if (outcome.status === 'PENDING') {
    markPending(ctx, record); // the provider answers later (POST /__mock/transactions/{id}/settle)
  } else {
    if (outcome.status === 'APPROVED') saveCardIfAsked(ctx, record);
    finalize(ctx, record, outcome);
  }
  return respond(record, resultResponse(record));
}

function declineAuthentication(ctx: GatewayContext, record: TransactionRecord, message: string): ExecutionResponse {
  finalize(ctx, record, { status: 'DECLINED', code: '1000', message });
  return respond(record, resultResponse(record));
}

/** After authentication: authorize, or decline when the issuer did not authenticate. */
function afterAuthentication(ctx: GatewayContext, record: TransactionRecord, status: TransStatus): ExecutionResponse {
  record.three_ds!.trans_status = status;
  noteThreeDsStep(ctx, record, 'authenticated', null, status);
  return authenticationAllowsAuthorization(status)
    ? authorizeNow(ctx, record)
    : declineAuthentication(ctx, record, 'TRX_STATUS_3DS_AUTHENTICATION_FAILED');
}

/** Step 0, from authorize: start the plan. */
export function beginAuthentication(
  ctx: GatewayContext,
  record: TransactionRecord,
  plan: AuthenticationPlan,
  options: { notificationUrl: string; windowSize: ChallengeWindowSize },
): ExecutionResponse {
  if (plan.kind === 'skip') return authorizeNow(ctx, record);
  const state: ThreeDsState = {
    server_trans_id: randomUUID(),
    acs_trans_id: randomUUID(),
    payment_data: randomBytes(32).toString('base64url'),
    flow: plan.kind === 'full' ? plan.flow : 'SIMPLIFIED',
    stage: 'DONE',
    rounds: 0,
    challenge_window_size: options.windowSize,
    notification_url: options.notificationUrl,
    acs_result: null,
    trans_status: null,
    expected_trans_status: null,
    method_completed: false,
  };
  record.three_ds = state;
  touch(ctx, record);
  switch (plan.kind) {
    case 'frictionless':
      noteThreeDsStep(ctx, record, 'frictionless', 'simulator', plan.transStatus);
      return afterAuthentication(ctx, record, plan.transStatus);
    case 'redirect':
      return redirectStep(ctx, record);
    case 'form_submit':
      return formSubmitStep(ctx, record, plan.transStatus);
    case 'full': {
      const traits = flowTraits(plan.flow);
      if (!traits.enrolled) {
        state.trans_status = null;
        noteThreeDsStep(ctx, record, 'not_enrolled', 'simulator');
        return authorizeNow(ctx, record);
      }
      state.stage = 'FINGERPRINT';
      noteThreeDsStep(ctx, record, 'fingerprint');
      return respond(record, actionResponse(ctx, record, 'THREE_DS_2_FINGERPRINT', traits.methodUrl));
    }
  }
}

/** Step 1: POST request-authentication after the fingerprint. */
export function requestAuthentication(
  ctx: GatewayContext,
  record: TransactionRecord,
  body: { fingerprint_result: string; payment_data: string },
): ExecutionResponse {
  const state = expectStage(record, 'FINGERPRINT', body.payment_data);
  let fingerprint: string;
  try {
    fingerprint = atob(body.fingerprint_result);
  } catch {
    fingerprint = '';
  }
  if (fingerprint !== 'Y' && fingerprint !== 'N') {
    throw invalid('fingerprint_result', 'must be Base64 of Y or N');
  }
  const traits = flowTraits(state.flow === 'SIMPLIFIED' ? 'VERSIONING_FINGERPRINT_Y_CHALLENGE' : state.flow);
  noteThreeDsStep(ctx, record, 'fingerprint_completed');
  switch (traits.afterFingerprint) {
    case 'frictionless-A':
      noteThreeDsStep(ctx, record, 'frictionless', 'simulator', 'A');
      return afterAuthentication(ctx, record, 'A');
    case 'frictionless-N':
      noteThreeDsStep(ctx, record, 'frictionless', 'simulator', 'N');
      return afterAuthentication(ctx, record, 'N');
    case 'redirect':
      return redirectStep(ctx, record);
    case 'form_submit':
      return formSubmitStep(ctx, record, 'Y');
    case 'challenge':
      state.stage = 'CHALLENGE';
      noteThreeDsStep(ctx, record, 'challenge');
      touch(ctx, record);
      return respond(record, actionResponse(ctx, record, 'THREE_DS_2_CHALLENGE', false));
  }
}

/**
 * Step 2: the challenge's outcome, from authentication-completed (iframe variant and Direct
 * API) or from the notification URL (full-page variant). As in EMV 3DS, where the result
 * travels ACS → 3DS server (RReq), the outcome is the ACS simulator's own record of the
 * challenge; the `trans_status` a caller sends is never believed. With no record (the
 * challenge was never completed at the ACS) nothing is decided: a 422, and the challenge
 * stays open (README, Security model).
 */
export function completeChallenge(
  ctx: GatewayContext,
  record: TransactionRecord,
  sent: { trans_status: TransStatus; payment_data?: string | undefined },
): ExecutionResponse {
  const state = expectStage(record, 'CHALLENGE', sent.payment_data);
  if (sent.trans_status === 'C') throw invalid('trans_status', 'C is not an outcome of a challenge', ['C']);
  const status = state.acs_result;
  if (status === null) {
    throw invalid('trans_status', 'The issuer has no completed challenge for this authentication: the outcome comes from the ACS', [
      sent.trans_status,
    ]);
  }
  state.rounds += 1;
  state.acs_result = null;
  if (!authenticationAllowsAuthorization(status)) return afterAuthentication(ctx, record, status);
  const extraRounds = state.flow === 'SIMPLIFIED' ? 0 : flowTraits(state.flow).extraRounds;
  if (state.rounds <= extraRounds) {
    if (state.rounds >= 2) {
      // The issuer asks again after the extra round: the spec declines automatically.
      state.trans_status = status;
      return declineAuthentication(ctx, record, 'TRX_STATUS_3DS_TOO_MANY_ROUNDS');
    }
    // One extra round is allowed: a fresh challenge for the same authentication.
    state.acs_trans_id = randomUUID();
    noteThreeDsStep(ctx, record, 'challenge');
    touch(ctx, record);
    return respond(record, actionResponse(ctx, record, 'THREE_DS_2_CHALLENGE', false));
  }
  return afterAuthentication(ctx, record, status);
}

/** The redirect and form-submit pages' outcome (the shopper is at the ACS, full page). */
export function completeAtAcs(ctx: GatewayContext, record: TransactionRecord, status: TransStatus): ExecutionResponse {
  const state = record.three_ds;
  if (!state || (state.stage !== 'REDIRECT' && state.stage !== 'FORM_SUBMIT')) {
    throw invalid('transaction_id', 'The transaction is not waiting for this authentication step', [
      record.transaction.status,
    ]);
  }
  state.rounds += 1;
  // The redirect page's outcome is the shopper's at the issuer; a form submit's, the simulator's.
  noteThreeDsStep(ctx, record, state.stage === 'REDIRECT' ? 'redirect' : 'form_submit', state.stage === 'REDIRECT' ? 'issuer' : 'simulator', status);
  return afterAuthentication(ctx, record, status);
}

function redirectStep(ctx: GatewayContext, record: TransactionRecord): ExecutionResponse {
  const state = record.three_ds!;
  state.stage = 'REDIRECT';
  const url = acsRedirectUrl(ctx, record.transaction.id);
  record.transaction.redirect_url = url;
  touch(ctx, record);
  return respond(record, {
    result: null,
    action: null,
    redirect: { transaction_id: record.transaction.id, session_id: state.server_trans_id, url },
    form_submit: null,
  });
}

function formSubmitStep(ctx: GatewayContext, record: TransactionRecord, status: TransStatus): ExecutionResponse {
  const state = record.three_ds!;
  state.stage = 'FORM_SUBMIT';
  state.expected_trans_status = status;
  touch(ctx, record);
  return respond(record, {
    result: null,
    action: null,
    redirect: null,
    form_submit: {
      transaction_id: record.transaction.id,
      session_id: state.server_trans_id,
      url: acsFormSubmitUrl(ctx),
      data: { threeDSSessionData: state.server_trans_id, trans_status: status },
    },
  });
}

function actionResponse(
  ctx: GatewayContext,
  record: TransactionRecord,
  type: Action['type'],
  withMethodUrl: boolean,
): ExecutionResponse {
  const state = record.three_ds!;
  const token: ThreeDsActionToken = {
    acs_url: acsChallengeUrl(ctx),
    message_version: MESSAGE_VERSION,
    three_ds_server_trans_id: state.server_trans_id,
    three_ds_method_notification_url: `${ctx.urls.gateway}/three-ds/${record.transaction.id}/method-notification`,
    three_ds_method_url: withMethodUrl ? acsMethodUrl(ctx) : null,
    acs_trans_id: state.acs_trans_id,
    challenge_window_size: state.challenge_window_size,
  };
  return {
    result: null,
    action: {
      transaction_id: record.transaction.id,
      session_id: state.server_trans_id,
      type,
      token: encodeBase64Json(token),
      payment_data: state.payment_data,
    },
    redirect: null,
    form_submit: null,
  };
}

function expectStage(record: TransactionRecord, stage: ThreeDsState['stage'], paymentData: string | undefined): ThreeDsState {
  const state = record.three_ds;
  if (!state || state.stage !== stage) {
    throw invalid('session_id', `The authentication is not waiting for this step`, [
      state?.stage ?? 'NONE',
      record.transaction.status,
    ]);
  }
  if (paymentData !== undefined && paymentData !== state.payment_data) {
    throw invalid('payment_data', 'does not match the action');
  }
  return state;
}

/** The challenge window size to ask for: metadata override, else by screen width. */
export function challengeWindowSize(metadata: Record<string, unknown>, screenWidth: number | undefined): ChallengeWindowSize {
  const asked = metadata.challenge_window_size;
  // An own key only: "constructor" or "toString" are in every object (hostile suite regression).
  if (typeof asked === 'string' && Object.hasOwn(CHALLENGE_WINDOW_SIZES, asked)) return asked as ChallengeWindowSize;
  return screenWidth !== undefined && screenWidth < 600 ? '05' : '02';
}

/** Where the browser goes after a full-page step: return_url with transaction_id and status. */
export function returnUrlFor(record: TransactionRecord, base: string | null = record.return_url): string {
  const url = new URL(base ?? record.originator_url);
  url.searchParams.set('transaction_id', record.transaction.id);
  url.searchParams.set('status', record.transaction.status);
  return url.toString();
}
