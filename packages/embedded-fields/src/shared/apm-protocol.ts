/**
 * The host ↔ frame protocol of the alternative-payment-method frame (/frames/apm), in the
 * card frame's style (shared/protocol.ts): penpal on the same channel, each side's origin
 * pinned, the same version handshake. Protocol:
 *  1. the host creates the iframe at APM_FRAME_PATH?session_id&client_key&v;
 *  2. the gateway frames it for the session's merchant origin only (frame-ancestors, meta);
 *  3. the host calls `configure`; the frame asks the gateway which methods fit the session
 *     (GET /api/sessions/{id}/payment-methods, same origin) and renders them (`list`), or
 *     nothing (`headless`: a redirect factory's connection to the gateway);
 *  4. the frame reports `change` (states, never values) and `resize`;
 *  5. `submit` authorizes with the chosen method and answers the execution response. The
 *     host never navigates for this frame: it exposes no `navigate` to it at all.
 */
import type { ComponentState, Customer, FieldStyles, HolderData, Locale } from '../public-api';
import type { HostMethods, SubmitOutcome } from './protocol';

export const APM_FRAME_PATH = '/frames/apm';
/** The iframe's accessible title: stable across locales (suites and assistive tech find it by it). */
export const APM_FRAME_TITLE = 'Secure alternative payment methods';
/** The hidden frame of a redirect factory. */
export const REDIRECT_FRAME_TITLE = 'Secure payment connection';

export interface ApmFrameConfig {
  protocolVersion: number;
  /** `list`: the component's UI; `headless`: no UI, a redirect factory's gateway connection. */
  mode: 'list' | 'headless';
  locale: Locale;
  /** Which shopper fields the frame shows (the card component's flags, same meaning). */
  customerConfig: { hasHolderName: boolean; hasHolderEmail: boolean };
  /** Already filtered by the allow-list on the host; the frame filters again. */
  styles: FieldStyles;
  /** The merchant's choice and order of methods; null: every method the gateway offers. */
  paymentMethods: string[] | null;
}

export interface ApmSubmitRequest {
  customer: Customer;
  /** headless: the method to pay with (list mode pays with the shopper's choice). */
  method?: string;
}

/** Methods the APM frame exposes to the host. */
export interface ApmFrameMethods {
  /** Renders (after loading the session's methods); answers the height and the methods shown. */
  configure(config: ApmFrameConfig): Promise<{ height: number; methods: string[] }>;
  setLocale(locale: Locale): void;
  validate(): ComponentState;
  getState(): ComponentState;
  getHolderData(): HolderData;
  submit(request: ApmSubmitRequest): Promise<SubmitOutcome>;
  focusField(which: 'first' | 'last'): void;
}

/** What the host exposes to the APM frame: no challenge, no navigation. */
export type ApmHostMethods = Pick<HostMethods, 'change' | 'resize' | 'focusExit'>;

export type ApmFrameRemote = Pick<ApmFrameMethods, keyof ApmFrameMethods>;
export type ApmHostRemote = Pick<ApmHostMethods, keyof ApmHostMethods>;
