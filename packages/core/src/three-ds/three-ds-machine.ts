/**
 * The 3-D Secure browser flow as a pure state machine (spec: 3-D Secure steps and calls),
 * written once and driven by thin adapters in Embedded Fields and the hosted page.
 *
 * Protocol. The adapter calls authorize itself and sends its response; from then on it
 * performs the effects `stepThreeDs` returns and reports what happened as events:
 *
 *   authorize ─► response ─┬─ result ─────────────────────────────────► done
 *                          ├─ redirect / form_submit ─────────────────► page leaves
 *                          └─ action FINGERPRINT
 *                               ├─ method URL: run-fingerprint ─► fingerprint-done ─┐
 *                               └─ no method URL ──────────────────────────────────┤
 *                                      request-authentication (Y or N) ◄───────────┘
 *                                      ─► response ─┬─ result / redirect / form_submit
 *                                                   └─ action CHALLENGE ─► show-challenge
 *                               challenge-response ─► close-challenge +
 *                               authentication-completed ─► response ─┬─ result / redirect / form_submit
 *                                                                     └─ action: one extra round
 *
 * Events that do not fit the current phase (a fingerprint time-out after the notification,
 * a second CHALLENGE_RESPONSE, anything after the end) are ignored, so adapters need not
 * guard against races.
 */
import { CHALLENGE_WINDOW_SIZES, TRANS_STATUSES } from '../api-types';
import type { Action, ChallengeWindowSize, ExecutionResponse, Transaction, TransStatus } from '../api-types';
import { encodeBase64Utf8 } from '../base64-json';
import { buildChallengeRequest, buildThreeDsMethodData, decodeActionToken, encodeChallengeRequest } from './action-token';
import { isSafeNavigationUrl } from './safe-url';
import type { ThreeDsErrorCode } from './three-ds-errors';
import { AUTHENTICATION_COMPLETED_PATH, requestAuthenticationPath } from './three-ds-paths';

/** Spec: "wait about 5 seconds" for the fingerprint (3-D Secure method) iframe. */
export const FINGERPRINT_TIMEOUT_MS = 5000;

/** How the flow is run; fixed for a whole flow. */
export interface ThreeDsConfig {
  /**
   * 'iframe' (default): the challenge is shown in the page and reported by
   * CHALLENGE_RESPONSE. 'redirect': the CReq is posted top-level to the ACS, and the
   * gateway finalizes and returns the browser to return_url.
   */
  challengeMode: 'iframe' | 'redirect';
  /** Accept plain-http issuer and redirect URLs on any host (tests); loopback always is. */
  allowHttp: boolean;
}

/** Body of POST request-authentication. */
export interface RequestAuthenticationBody {
  /** Base64 of 'Y' (fingerprint form submitted) or 'N' (no three_ds_method_url). */
  fingerprint_result: string;
  payment_data: string;
}

/** Body of POST authentication-completed. */
export interface AuthenticationCompletedBody {
  payment_data: string;
  session_id: string;
  trans_status: TransStatus;
}

/** What the adapter reports. */
export type ThreeDsEvent =
  /** The response of authorize, request-authentication or authentication-completed. */
  | { type: 'response'; response: ExecutionResponse }
  /** The method iframe posted (submitted true; also after a time-out) or could not be posted. */
  | { type: 'fingerprint-done'; submitted: boolean }
  /** CHALLENGE_RESPONSE accepted from the ACS origin (see `acceptChallengeResponse`). */
  | { type: 'challenge-response'; transStatus: TransStatus }
  /** The shopper closed the challenge. */
  | { type: 'challenge-closed' }
  /** A gateway call failed (network, HTTP status, time-out). */
  | { type: 'failed'; error: unknown };

/** What the adapter does. */
export type ThreeDsEffect =
  /** Post a hidden form with field threeDSMethodData to methodUrl in a hidden iframe; report
   * fingerprint-done on the notification or after timeoutMs. */
  | { type: 'run-fingerprint'; methodUrl: string; threeDSMethodData: string; timeoutMs: number }
  | { type: 'request-authentication'; threeDsServerTransId: string; path: string; body: RequestAuthenticationBody }
  /** Post field creq to acsUrl in an iframe of width × height; listen to acsOrigin only. */
  | {
      type: 'show-challenge';
      acsUrl: string;
      creq: string;
      windowSize: ChallengeWindowSize;
      width: string;
      height: string;
      acsOrigin: string;
    }
  | { type: 'authentication-completed'; path: string; body: AuthenticationCompletedBody }
  | { type: 'close-challenge' }
  /** Terminal: navigate the top-level page. */
  | { type: 'redirect'; url: string }
  /** Terminal: post a hidden form with these fields, top-level. */
  | { type: 'form-submit'; url: string; data: Readonly<Record<string, string>> }
  | { type: 'done'; transaction: Transaction; approved: boolean }
  | { type: 'error'; code: ThreeDsErrorCode; transactionId?: string; cause?: unknown };

interface ThreeDsContext {
  readonly config: ThreeDsConfig;
  /** 1, then 2 once the gateway asked for the one extra round after a completed challenge. */
  readonly round: 1 | 2;
  readonly transactionId?: string;
}

/** Where the flow is. Phases named after what it waits for. */
export type ThreeDsState = ThreeDsContext &
  (
    | { readonly phase: 'authorizing' }
    | { readonly phase: 'fingerprinting'; readonly threeDsServerTransId: string; readonly paymentData: string }
    | { readonly phase: 'authenticating' }
    | { readonly phase: 'challenging'; readonly paymentData: string; readonly sessionId: string }
    | { readonly phase: 'completing' }
    | { readonly phase: 'done'; readonly transaction: Transaction; readonly approved: boolean }
    | { readonly phase: 'left-page'; readonly url: string }
    | { readonly phase: 'error'; readonly code: ThreeDsErrorCode }
  );

/** A phase of the flow. */
export type ThreeDsPhase = ThreeDsState['phase'];

/** The result of one step. `ignored` when the event did not fit the phase. */
export interface ThreeDsStep {
  state: ThreeDsState;
  effects: ThreeDsEffect[];
  ignored?: true;
}

/** The state before the authorize response. */
export function initialThreeDsState(config: Partial<ThreeDsConfig> = {}): ThreeDsState {
  return {
    phase: 'authorizing',
    round: 1,
    config: { challengeMode: config.challengeMode ?? 'iframe', allowHttp: config.allowHttp ?? false },
  };
}

/** Phases in which the flow has ended. */
export function isThreeDsFinished(state: ThreeDsState): boolean {
  return state.phase === 'done' || state.phase === 'left-page' || state.phase === 'error';
}

function context(state: ThreeDsState, transactionId = state.transactionId): ThreeDsContext {
  return { config: state.config, round: state.round, ...(transactionId ? { transactionId } : {}) };
}

function fail(state: ThreeDsState, code: ThreeDsErrorCode, extra: ThreeDsEffect[] = [], cause?: unknown): ThreeDsStep {
  const { transactionId } = state;
  const effect: ThreeDsEffect = {
    type: 'error',
    code,
    ...(transactionId ? { transactionId } : {}),
    ...(cause === undefined ? {} : { cause }),
  };
  return { state: { ...context(state), phase: 'error', code }, effects: [...extra, effect] };
}

function requestAuthentication(
  state: ThreeDsState,
  threeDsServerTransId: string,
  paymentData: string,
  submitted: boolean,
): ThreeDsStep {
  return {
    state: { ...context(state), phase: 'authenticating' },
    effects: [
      {
        type: 'request-authentication',
        threeDsServerTransId,
        path: requestAuthenticationPath(threeDsServerTransId),
        body: { fingerprint_result: encodeBase64Utf8(submitted ? 'Y' : 'N'), payment_data: paymentData },
      },
    ],
  };
}

type Caller = 'authorizing' | 'authenticating' | 'completing';

function onAction(state: ThreeDsState, action: Action, caller: Caller): ThreeDsStep {
  if (typeof action.payment_data !== 'string' || typeof action.session_id !== 'string') {
    return fail(state, 'unexpected_response');
  }
  let round = state.round;
  if (caller === 'completing') {
    // Spec: at most one extra round per authentication attempt; the gateway declines the
    // next. Should it send another action anyway, stop rather than loop with the issuer.
    if (round === 2) return fail(state, 'too_many_rounds');
    round = 2;
  }
  // The fingerprint step leads to a result, a challenge, a redirect or a form_submit.
  if (caller === 'authenticating' && action.type === 'THREE_DS_2_FINGERPRINT') {
    return fail(state, 'unexpected_response');
  }
  const next: ThreeDsState = { ...state, round };
  const token = decodeActionToken(action.token);
  if (!token) return fail(next, 'invalid_action_token');

  if (action.type === 'THREE_DS_2_FINGERPRINT') {
    const methodUrl = token.three_ds_method_url;
    if (methodUrl === null) {
      // No method URL: no iframe, and the spec's fingerprint_result is Base64 of 'N'.
      return requestAuthentication(next, token.three_ds_server_trans_id, action.payment_data, false);
    }
    if (!isSafeNavigationUrl(methodUrl, state.config)) return fail(next, 'unsafe_url');
    return {
      state: {
        ...context(next),
        phase: 'fingerprinting',
        threeDsServerTransId: token.three_ds_server_trans_id,
        paymentData: action.payment_data,
      },
      effects: [
        {
          type: 'run-fingerprint',
          methodUrl,
          threeDSMethodData: buildThreeDsMethodData(token),
          timeoutMs: FINGERPRINT_TIMEOUT_MS,
        },
      ],
    };
  }
  if (action.type === 'THREE_DS_2_CHALLENGE') {
    if (token.acs_trans_id === '' || token.message_version === '') return fail(next, 'invalid_action_token');
    if (!isSafeNavigationUrl(token.acs_url, state.config)) return fail(next, 'unsafe_url');
    const creq = encodeChallengeRequest(buildChallengeRequest(token));
    if (state.config.challengeMode === 'redirect') {
      return {
        state: { ...context(next), phase: 'left-page', url: token.acs_url },
        effects: [{ type: 'form-submit', url: token.acs_url, data: { creq } }],
      };
    }
    const size = CHALLENGE_WINDOW_SIZES[token.challenge_window_size];
    return {
      state: { ...context(next), phase: 'challenging', paymentData: action.payment_data, sessionId: action.session_id },
      effects: [
        {
          type: 'show-challenge',
          acsUrl: token.acs_url,
          creq,
          windowSize: token.challenge_window_size,
          width: size.width,
          height: size.height,
          acsOrigin: new URL(token.acs_url).origin,
        },
      ],
    };
  }
  return fail(next, 'unexpected_response');
}

/** Spec, "Next step by populated field": result, action, redirect, form_submit, in that order. */
function onResponse(state: ThreeDsState, response: ExecutionResponse, caller: Caller): ThreeDsStep {
  if (typeof response !== 'object' || response === null) return fail(state, 'unexpected_response');
  const transactionId =
    response.result?.id ??
    response.action?.transaction_id ??
    response.redirect?.transaction_id ??
    response.form_submit?.transaction_id ??
    state.transactionId;
  const current: ThreeDsState = { ...state, ...context(state, transactionId) };

  if (response.result) {
    const approved = response.result.approved === true;
    return {
      state: { ...context(current), phase: 'done', transaction: response.result, approved },
      effects: [{ type: 'done', transaction: response.result, approved }],
    };
  }
  if (response.action) return onAction(current, response.action, caller);
  if (response.redirect) {
    const { url } = response.redirect;
    if (!isSafeNavigationUrl(url, state.config)) return fail(current, 'unsafe_url');
    return { state: { ...context(current), phase: 'left-page', url }, effects: [{ type: 'redirect', url }] };
  }
  if (response.form_submit) {
    const { url, data } = response.form_submit;
    if (!isSafeNavigationUrl(url, state.config)) return fail(current, 'unsafe_url');
    const fields = Object.fromEntries(Object.entries(data ?? {}).map(([name, value]) => [name, String(value)]));
    return {
      state: { ...context(current), phase: 'left-page', url },
      effects: [{ type: 'form-submit', url, data: fields }],
    };
  }
  return fail(current, 'unexpected_response');
}

const ignore = (state: ThreeDsState): ThreeDsStep => ({ state, effects: [], ignored: true });

/**
 * One step of the flow: the next state and the effects the adapter performs, in order.
 * Pure: the same state and event always give the same step.
 */
export function stepThreeDs(state: ThreeDsState, event: ThreeDsEvent): ThreeDsStep {
  if (isThreeDsFinished(state)) return ignore(state);
  switch (event.type) {
    case 'response':
      if (state.phase === 'authorizing' || state.phase === 'authenticating' || state.phase === 'completing') {
        return onResponse(state, event.response, state.phase);
      }
      return ignore(state);
    case 'fingerprint-done':
      if (state.phase !== 'fingerprinting') return ignore(state);
      return requestAuthentication(state, state.threeDsServerTransId, state.paymentData, event.submitted);
    case 'challenge-response':
      if (state.phase !== 'challenging' || !TRANS_STATUSES.includes(event.transStatus)) return ignore(state);
      return {
        state: { ...context(state), phase: 'completing' },
        effects: [
          { type: 'close-challenge' },
          {
            type: 'authentication-completed',
            path: AUTHENTICATION_COMPLETED_PATH,
            body: { payment_data: state.paymentData, session_id: state.sessionId, trans_status: event.transStatus },
          },
        ],
      };
    case 'challenge-closed':
      if (state.phase !== 'challenging') return ignore(state);
      // The shopper closed the challenge: end here without calling the gateway. Reporting
      // trans_status 'N' would put words in the issuer's mouth: the gateway would record a
      // failed authentication and decline the transaction, where the shopper only stepped
      // away. Left unauthenticated, the transaction is finalized by the gateway's own
      // time-out, and the shopper can retry.
      return fail(state, 'challenge_canceled', [{ type: 'close-challenge' }]);
    case 'failed':
      return fail(state, 'request_failed', state.phase === 'challenging' ? [{ type: 'close-challenge' }] : [], event.error);
  }
}

/** A stateful wrapper over {@link stepThreeDs} for adapters. */
export interface ThreeDsMachine {
  readonly state: ThreeDsState;
  /** Applies the event and returns the effects to perform. */
  send(event: ThreeDsEvent): ThreeDsEffect[];
}

/** A machine in its initial state. */
export function createThreeDsMachine(config: Partial<ThreeDsConfig> = {}): ThreeDsMachine {
  let state = initialThreeDsState(config);
  return {
    get state() {
      return state;
    },
    send(event) {
      const step = stepThreeDs(state, event);
      state = step.state;
      return step.effects;
    },
  };
}
