/**
 * The ONE host ↔ frame protocol of both secure frames, the card frame (/frames/card: card
 * and saved-card) and the alternative-payment-method frame (/frames/apm: the method list and
 * the redirect factories' headless connection), carried by penpal on one channel with each
 * side's origin pinned. Every call is typed below; what crosses from the other side is
 * checked by the guards at the end of this file (penpal's guards.ts is the model).
 *
 * Card frame:
 *  1. the host creates the iframe at FRAME_PATH?session_id&client_key&v=PROTOCOL_VERSION&locale
 *     &parent_origin (its page's origin), its FrameConfig in the URL's fragment (`#config=`:
 *     the frame reads it as its script starts, and the gateway never receives it); a new
 *     card mounted as the script loads: in the query instead (CONFIG_PARAM, base64url JSON),
 *     for the gateway to draw the form into the document (its first view, which posts the
 *     ready report of step 3 itself before the frame's script has run; the script takes it
 *     over: secure/first-view/);
 *  2. the gateway answers the frame document only if parent_origin is the session's merchant
 *     origin, and only to that origin (frame-ancestors); the frame connects to its parent
 *     with allowedOrigins = [that origin], the host with allowedOrigins = [gateway origin]
 *     (a 1.0 script sends no parent_origin: the gateway writes the origin into the document);
 *  3. while they connect, the frame draws the form; then it posts its ready report (its
 *     height, or why it cannot start) to the parent: one message outside penpal, so the
 *     form is open as soon as it is drawn, without waiting for the handshake's last hops
 *     (calls made before the handshake ends wait for it). Scripts of 1.0.x took the report
 *     as a penpal call `ready`; the frame still makes that call once connected (e2e/
 *     frame-protocol.spec.ts). No round trip is spent on the configuration;
 *  4. the frame reports `change` (states, never values), `resize`, `fieldFocus` (which
 *     field got or lost the focus), `submitKey` (Enter in a field) and, a split field,
 *     `advance` (typed complete and valid);
 *  5. `submit` runs authorize and 3-D Secure inside the frame; UI that must cover the
 *     merchant page (challenge modal, top-level navigation) is asked of the host.
 *
 * Alternative-payment-method frame, in the same style:
 *  1. the host creates the iframe at APM_FRAME_PATH?session_id&client_key&v&locale&
 *     parent_origin, its ApmFrameConfig in the fragment;
 *  2. the gateway frames it for the session's merchant origin only (parent_origin,
 *     frame-ancestors);
 *  3. the frame asks the gateway which methods fit the session (GET
 *     /api/sessions/{id}/payment-methods, same origin) and renders them (`list`), or nothing
 *     (`headless`: a redirect factory's connection to the gateway); then posts its ready
 *     report with its height and the methods shown;
 *  4. the frame reports `change` (states, never values) and `resize`;
 *  5. `submit` authorizes with the chosen method and answers the execution response. The
 *     host never navigates for this frame: it exposes no `navigate` to it at all.
 *
 * A configuration that is missing, malformed or of another protocol version makes the
 * frame report `failed`: the host's mount fails at once (frame_load_failed).
 */
import type { ExecutionResponse } from '@payments/core';
import type { ChallengeOutcome, ChallengeRequest } from './challenge-dialog';
import type { ComponentState, Customer, FieldStyles, HolderData, Locale, PaymentError, Translations } from './payment-types';
import { isSplitFrameConfig, type SplitFrameConfig } from './split-frame-config';

export { CARD_FIELD_NAMES, SPLIT_GROUP_PATTERN, type SplitFrameConfig } from './split-frame-config';

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
  /** The merchant's, as given (string values only): the frame applies its allow-list. */
  styles: FieldStyles;
  saveCard: { offer: boolean; tokenizeFor: 'CUSTOMER_INITIATED_TRANSACTION' | 'MERCHANT_INITIATED_TRANSACTION' } | null;
  savedCard: { paymentMethodId: string; maskedPan: string; expirationDate: string; cardBrand: string } | null;
  /** The merchant's string overrides, checked on the host; the frame checks again and renders them as text. */
  translations?: Translations;
  /** A co-badged card's networks to preselect, in order (the `preferredNetworks` option). */
  preferredNetworks?: string[];
  /** Hide the fields' visible labels (their accessible names stay): a design that labels outside the frame. */
  hideLabels?: boolean;
  /** Split fields: this frame draws one field of a card whose fields are each in a frame of their own (secure/card-group.ts). */
  split?: SplitFrameConfig;
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
  setLocale(locale: Locale): void;
  /** Shows every error and answers the state (the card frame's once its rules have loaded: a promise). */
  validate(): ComponentState | Promise<ComponentState>;
  getState(): ComponentState | Promise<ComponentState>;
  getHolderData(): HolderData | Promise<HolderData>;
  submit(request: SubmitRequest): Promise<SubmitOutcome>;
  focusField(which: 'first' | 'last'): void;
  /** component.update(): new options for the open form; what was typed stays (a field now hidden is cleared). */
  update(change: FrameUpdate): void | Promise<void>;
}

/** What component.update() changes in an open card frame (the host sends every key, merged with what it had). */
export type FrameUpdate = Pick<FrameConfig, 'customerConfig' | 'styles' | 'translations'> & { hideLabels: boolean };

/** An update as the frame takes it (styles and translations are checked again where applied). */
export function isFrameUpdate(value: unknown): value is FrameUpdate {
  if (!isRecord(value) || !isFlag(value.hideLabels) || !isStringRecord(value.styles) || !isStringRecord(value.translations)) return false;
  const customer = value.customerConfig;
  return isRecord(customer) && [customer.hasHolderName, customer.holderNameRequired, customer.hasHolderEmail, customer.holderEmailRequired].every(isFlag);
}


export type NavigationRequest =
  | { kind: 'redirect'; url: string }
  | { kind: 'form-submit'; url: string; data: Record<string, string> };

/** What a frame tells its host once it is drawn (`Drawn`: the height, and what else the frame adds), or why it cannot start. */
export type ReadyReport<Drawn extends { height: number } = { height: number }> = ({ kind: 'ready' } & Drawn) | { kind: 'failed'; reason: string };

/**
 * The ready report as it travels: posted by the frame to its parent's origin once drawn, and
 * taken by the host only from its own iframe's window and the gateway's origin
 * (frame-connection.ts waits for it before the component is ready).
 */
export interface ReadyMessage<Report = ReadyReport> {
  channel: 'embedded-fields';
  type: 'ready';
  report: Report;
}

export function readyMessage<Report extends ReadyReport<{ height: number }>>(report: Report): ReadyMessage<Report> {
  return { channel: 'embedded-fields', type: 'ready', report };
}

/** The report a message carries if it is a ready message (unchecked: the caller's guard reads it), else undefined. */
export function reportOfReadyMessage(data: unknown): unknown {
  return isRecord(data) && data.channel === 'embedded-fields' && data.type === 'ready' ? data.report : undefined;
}

/** Methods the host (merchant page) exposes to the frame. */
export interface HostMethods {
  change(state: ComponentState): void;
  resize(height: number): void;
  /** Shows the ACS challenge over the merchant page; resolves with the ACS's answer. */
  showChallenge(request: ChallengeRequest, labels: { title: string; close: string }): Promise<ChallengeOutcome>;
  closeChallenge(): void;
  /** Leaves the page: top-level redirect or auto-submitted form (3-D Secure full page). */
  navigate(request: NavigationRequest): Promise<void> | void;
  /** Tab or Shift+Tab left the frame's first or last field. */
  focusExit(direction: 'forward' | 'backward'): void;
  /** A field got (`focused`) or lost the focus; `field` is its FieldName or AlternativeFieldName. */
  fieldFocus(change: FieldFocusChange): void;
  /** The shopper pressed Enter in a field. */
  submitKey(): void;
  /** Split fields: the frame's field was typed complete and valid; the caret moves on to the next field's frame (only a split field's host has it). */
  advance?(): void;
}

export interface FieldFocusChange {
  field: string;
  focused: boolean;
}

/** What the frame reports to fieldFocus (the host takes nothing else). */
export function isFieldFocusChange(value: unknown): value is FieldFocusChange {
  return isRecord(value) && typeof value.field === 'string' && value.field.length <= 20 && typeof value.focused === 'boolean';
}

/** penpal's connect() needs index-signature-compatible method maps; Pick makes one. */
export type FrameRemote = Pick<FrameMethods, keyof FrameMethods>;
export type HostRemote = Pick<HostMethods, keyof HostMethods>;

// ---- the alternative-payment-method frame ----------------------------------------------

export const APM_FRAME_PATH = '/frames/apm';
/** The hidden frame of a redirect factory. */
export const REDIRECT_FRAME_TITLE = 'Secure payment connection';

export interface ApmFrameConfig {
  protocolVersion: number;
  /** `list`: the component's UI; `headless`: no UI, a redirect factory's gateway connection. */
  mode: 'list' | 'headless';
  locale: Locale;
  /** Which shopper fields the frame shows (the card component's flags, same meaning). */
  customerConfig: { hasHolderName: boolean; hasHolderEmail: boolean };
  /** The merchant's, as given (string values only): the frame applies its allow-list. */
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
  setLocale(locale: Locale): void;
  validate(): ComponentState;
  getState(): ComponentState;
  getHolderData(): HolderData;
  submit(request: ApmSubmitRequest): Promise<SubmitOutcome>;
  focusField(which: 'first' | 'last'): void;
}

/** What the APM frame reports when drawn: its height and the method types shown (after the merchant's filter). */
export type ApmReadyReport = ReadyReport<{ height: number; methods: string[] }>;

/** What the host exposes to the APM frame: no challenge, no navigation (a redirect factory: no focus or Enter either). */
export type ApmHostMethods = Pick<HostMethods, 'change' | 'resize' | 'focusExit'> &
  Partial<Pick<HostMethods, 'fieldFocus' | 'submitKey'>>;

export type ApmFrameRemote = Pick<ApmFrameMethods, keyof ApmFrameMethods>;
export type ApmHostRemote = Pick<ApmHostMethods, keyof ApmHostMethods>;

// ---- messages and guards ----------------------------------------------------------------

/** One call of a method map, as a message: a discriminated union on `method`. */
export type CallOf<Methods> = { [K in keyof Methods]: Methods[K] extends (...args: infer A) => unknown ? { method: K; args: A } : never }[keyof Methods];

/** Every message the host sends to the card frame, and back. */
export type CardFrameMessage = CallOf<FrameMethods>;
export type CardHostMessage = CallOf<HostMethods>;
/** Every message the host sends to the alternative-payment-method frame, and back. */
export type ApmFrameMessage = CallOf<ApmFrameMethods>;
export type ApmHostMessage = CallOf<ApmHostMethods>;

const TRANS_STATUSES: readonly string[] = ['Y', 'N', 'U', 'A', 'C', 'R'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The host's answer to showChallenge (the frame takes `response` only as a signal). */
export function isChallengeOutcome(value: unknown): value is ChallengeOutcome {
  if (!isRecord(value)) return false;
  if (value.kind === 'closed') return true;
  return value.kind === 'response' && typeof value.transStatus === 'string' && TRANS_STATUSES.includes(value.transStatus);
}

/** What the card frame asks the host to navigate to (the host checks the URL again). */
export function isNavigationRequest(value: unknown): value is NavigationRequest {
  if (!isRecord(value) || typeof value.url !== 'string') return false;
  if (value.kind === 'redirect') return true;
  return value.kind === 'form-submit' && isRecord(value.data) && Object.values(value.data).every((v) => typeof v === 'string');
}

/** The frame's answer to submit. */
export function isSubmitOutcome(value: unknown): value is SubmitOutcome {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'navigating':
      return true;
    case 'result':
      return isRecord(value.response);
    case 'error':
      return isRecord(value.error) && typeof value.error.code === 'string' && typeof value.error.message === 'string';
    default:
      return false;
  }
}


// ---- the configuration in the frame's URL ---------------------------------------------------

const CONFIG_FRAGMENT = 'config=';

/**
 * The query parameter that carries a new card's configuration instead of the fragment, so the
 * gateway can draw the form into the frame's document (its first view): only for a card
 * mounted as the script loads (host/frame-connection.ts), only up to this length (a longer
 * one, a merchant's many translations, goes in the fragment: URLs have limits the fragment
 * does not; the gateway draws nothing for a longer one either). Its JSON is base64url-encoded:
 * a merchant's words in a URL must not look like markup or SQL to the gateway's edge, which
 * refuses such requests (spec: Authentication, 5).
 */
export const CONFIG_PARAM = 'config';
export const MAX_CONFIG_PARAM_LENGTH = 4096;

/** CONFIG_PARAM's value for `config`: its JSON, UTF-8, base64url without padding. */
export function configParam(config: FrameConfig): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(config))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function readConfigParam(value: string): unknown {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/** The fragment (without `#`) that carries a frame's configuration. */
export function configFragment(config: FrameConfig | ApmFrameConfig): string {
  return CONFIG_FRAGMENT + encodeURIComponent(JSON.stringify(config));
}

/**
 * Split fields drawn by the gateway: the query's configuration names no group (this one in
 * its place), so a layout's documents are the same for every mount (drawn and compressed
 * once) and the gateway never learns the group; the group rides in the fragment
 * (`#group=<id>`), which never leaves the browser.
 */
export const SPLIT_GROUP_IN_FRAGMENT = '0'.repeat(32);
const GROUP_FRAGMENT = /^#group=([A-Za-z0-9_-]{32})$/;

/** `config` as the query carries it, and the fragment beside it (split fields: the group). */
export function configForQuery(config: FrameConfig): { param: string; fragment: string } {
  if (!config.split) return { param: configParam(config), fragment: '' };
  return { param: configParam({ ...config, split: { ...config.split, group: SPLIT_GROUP_IN_FRAGMENT } }), fragment: `group=${config.split.group}` };
}

/** What the frame's URL carries (`location.search`'s CONFIG_PARAM, else `location.hash`), unchecked; undefined when there is none or it is not base64url JSON. */
export function readFrameConfig(search: string, hash: string): unknown {
  const param = new URLSearchParams(search).get(CONFIG_PARAM);
  const encoded = hash.startsWith(`#${CONFIG_FRAGMENT}`) ? hash.slice(CONFIG_FRAGMENT.length + 1) : undefined;
  try {
    if (param !== null) {
      const config = readConfigParam(param);
      const group = GROUP_FRAGMENT.exec(hash)?.[1];
      // A split field's group comes from the fragment; without one, the placeholder stays (and joins nobody's group).
      if (group && isRecord(config) && isRecord(config.split)) config.split.group = group;
      return config;
    }
    return encoded === undefined ? undefined : (JSON.parse(decodeURIComponent(encoded)) as unknown);
  } catch {
    return undefined;
  }
}

const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';
const isStringRecord = (value: unknown): value is Record<string, unknown> => isRecord(value) && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A card frame's configuration of this protocol version (the frame checks styles and translations again as it applies them). */
export function isFrameConfig(value: unknown): value is FrameConfig {
  if (!isRecord(value) || value.protocolVersion !== PROTOCOL_VERSION || typeof value.locale !== 'string') return false;
  if (value.component !== 'card' && value.component !== 'saved-card') return false;
  const customer = value.customerConfig;
  if (!isRecord(customer) || ![customer.hasHolderName, customer.holderNameRequired, customer.hasHolderEmail, customer.holderEmailRequired].every(isFlag)) return false;
  if (!isStringRecord(value.styles) || (value.translations !== undefined && !isStringRecord(value.translations))) return false;
  if (value.preferredNetworks !== undefined && !isStringList(value.preferredNetworks)) return false;
  if (value.hideLabels !== undefined && !isFlag(value.hideLabels)) return false;
  if (value.split !== undefined && (value.component !== 'card' || !isSplitFrameConfig(value.split))) return false;
  const save = value.saveCard;
  if (save !== null && !(isRecord(save) && save.offer === true && (save.tokenizeFor === 'CUSTOMER_INITIATED_TRANSACTION' || save.tokenizeFor === 'MERCHANT_INITIATED_TRANSACTION'))) return false;
  const saved = value.savedCard;
  if (saved === null) return true;
  return (
    isRecord(saved) &&
    [saved.paymentMethodId, saved.maskedPan, saved.expirationDate, saved.cardBrand].every((field) => typeof field === 'string')
  );
}

/** An alternative-payment-method frame's configuration of this protocol version. */
export function isApmFrameConfig(value: unknown): value is ApmFrameConfig {
  if (!isRecord(value) || value.protocolVersion !== PROTOCOL_VERSION || typeof value.locale !== 'string') return false;
  if (value.mode !== 'list' && value.mode !== 'headless') return false;
  const customer = value.customerConfig;
  if (!isRecord(customer) || !isFlag(customer.hasHolderName) || !isFlag(customer.hasHolderEmail) || !isStringRecord(value.styles)) return false;
  return value.paymentMethods === null || isStringList(value.paymentMethods);
}

/** The card frame's ready report (the host takes nothing else). */
export function isReadyReport(value: unknown): value is ReadyReport {
  if (!isRecord(value)) return false;
  if (value.kind === 'failed') return typeof value.reason === 'string';
  return value.kind === 'ready' && typeof value.height === 'number' && Number.isFinite(value.height) && value.height >= 0;
}

/** The APM frame's ready report. */
export function isApmReadyReport(value: unknown): value is ApmReadyReport {
  if (!isReadyReport(value)) return false;
  return value.kind === 'failed' || isStringList((value as { methods?: unknown }).methods);
}
