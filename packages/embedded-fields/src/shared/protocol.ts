/**
 * The host ↔ frame protocol, carried by penpal with each side's origin pinned. Protocol:
 *  1. the host creates the iframe at FRAME_PATH?session_id&client_key&v=PROTOCOL_VERSION;
 *  2. the gateway answers the frame document only to the session's merchant origin
 *     (frame-ancestors) and tells the frame that origin; the frame connects to its parent
 *     with allowedOrigins = [that origin], the host with allowedOrigins = [gateway origin];
 *  3. the host calls `configure`; the frame renders and calls `ready`;
 *  4. the frame reports `change` (states, never values) and `resize`;
 *  5. `submit` runs authorize and 3-D Secure inside the frame; UI that must cover the
 *     merchant page (challenge modal, top-level navigation) is asked of the host.
 * Every call is typed by these interfaces; a version mismatch fails the handshake.
 */
import type { ExecutionResponse } from '@payments/core';
import type { ChallengeOutcome, ChallengeRequest } from './challenge-dialog';
import type { ComponentState, Customer, FieldStyles, HolderData, Locale, PaymentError } from '../public-api';

export const PROTOCOL_VERSION = 1;
export const CARD_FRAME_PATH = '/frames/card';
/** The iframe's accessible title: stable across locales, so suites and assistive tech find it. */
export const CARD_FRAME_TITLE = 'Secure card payment';
/** How long a frame may take to load and connect (a slow network). */
export const CONNECT_TIMEOUT_MS = 15_000;
/** How long a frame that has loaded may take to connect (see host/frame-connection.ts). */
export const LOADED_GRACE_MS = 2_500;

export type { ChallengeOutcome, ChallengeRequest };

export type FrameComponentType = 'card' | 'saved-card';

export interface FrameConfig {
  protocolVersion: number;
  component: FrameComponentType;
  locale: Locale;
  customerConfig: {
    hasHolderName: boolean;
    holderNameRequired: boolean;
    hasHolderEmail: boolean;
    holderEmailRequired: boolean;
  };
  /** Already filtered by the allow-list on the host; the frame filters again. */
  styles: FieldStyles;
  saveCard: { offer: boolean; tokenizeFor: 'CUSTOMER_INITIATED_TRANSACTION' | 'MERCHANT_INITIATED_TRANSACTION' } | null;
  savedCard: { paymentMethodId: string; maskedPan: string; expirationDate: string; cardBrand: string } | null;
}

export interface SubmitRequest {
  customer: Customer;
}

/** The frame's answer to submit: a finished payment, an error, or "the page is leaving". */
export type SubmitOutcome =
  | { kind: 'result'; response: ExecutionResponse }
  | { kind: 'error'; error: PaymentError }
  | { kind: 'navigating' };

/** Methods the frame exposes to the host. */
export interface FrameMethods {
  configure(config: FrameConfig): Promise<{ height: number }>;
  setLocale(locale: Locale): void;
  /** Shows every error and answers the state. */
  validate(): ComponentState;
  getState(): ComponentState;
  getHolderData(): HolderData;
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
  focusField(which: 'first' | 'last'): void;
}


export type NavigationRequest =
  | { kind: 'redirect'; url: string }
  | { kind: 'form-submit'; url: string; data: Record<string, string> };

/** Methods the host (merchant page) exposes to the frame. */
export interface HostMethods {
  change(state: ComponentState): void;
  resize(height: number): void;
  /** Shows the ACS challenge over the merchant page; resolves with the ACS's answer. */
  showChallenge(request: ChallengeRequest, labels: { title: string; close: string }): Promise<ChallengeOutcome>;
  closeChallenge(): void;
  /** Leaves the page: top-level redirect or auto-submitted form (3-D Secure full page). */
  navigate(request: NavigationRequest): void;
  /** Tab or Shift+Tab left the frame's first or last field. */
  focusExit(direction: 'forward' | 'backward'): void;
}

/** penpal's connect() needs index-signature-compatible method maps; Pick makes one. */
export type FrameRemote = Pick<FrameMethods, keyof FrameMethods>;
export type HostRemote = Pick<HostMethods, keyof HostMethods>;
