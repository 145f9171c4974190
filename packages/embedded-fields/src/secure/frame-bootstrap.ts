/**
 * How each secure frame document starts (/frames/card, /frames/apm): it trusts exactly one
 * parent, the session's merchant origin that the gateway wrote into the document (and into
 * frame-ancestors), and penpal drops messages from any other origin or window. Once
 * connected, the form's events become the host's change / resize / focusExit calls: states
 * and heights, never values.
 */
import type { Methods, RemoteProxy } from 'penpal';
import { isLocaleTag, loadMessages, type LocaleTag } from '@payments/core';
import type { ComponentState, HolderData, Locale } from '../shared/payment-types';
import { readFrameConfig, readyMessage, type ReadyReport } from '../shared/protocol';
import { relayFormEvents, type CommonHost } from './host-relay';
import { FIRST_VIEW_ATTRIBUTE } from './first-view/take-over';

export interface FrameEnvironment {
  /** The only origin this frame answers. */
  parentOrigin: string;
  sessionId: string;
  clientKey: string;
}

/**
 * The frame's parent and session; null when the document is not framed by a merchant (nothing
 * must run). The parent's origin is the URL's `parent_origin`, which the gateway served this
 * document for only if it is the session's merchant origin (frame-ancestors pins the same);
 * for a 1.0 script, which sends none, the gateway writes it into a meta tag.
 */
export function frameEnvironment(): FrameEnvironment | null {
  const params = new URLSearchParams(location.search);
  const parentOrigin = document.querySelector<HTMLMetaElement>('meta[name="ef-parent-origin"]')?.content ?? params.get('parent_origin') ?? '';
  if (window.parent === window || !parentOrigin) return null;
  return { parentOrigin, sessionId: params.get('session_id') ?? '', clientKey: params.get('client_key') ?? '' };
}

/** The configuration the host put in this frame's URL (its query or its fragment), or undefined when it is missing or not this protocol's. */
export function configFromUrl<C>(isConfig: (value: unknown) => value is C): C | undefined {
  const config = readFrameConfig(location.search, location.hash);
  return isConfig(config) ? config : undefined;
}

/**
 * Draws the form, posts its ready report to the parent once drawn (`draw` answers what the
 * report adds besides the height, or throws), then connects to the parent with `methods`;
 * answers the connection. `Host`: what the parent offers.
 *  - The report is a message of its own, not a penpal call, so the host opens the form
 *    without waiting for the handshake, and penpal (its own chunk) loads only after the
 *    report: nothing the form needs to show waits for it. Calls on either side made before
 *    the handshake ends wait for it; the form's events go to the host from the report on
 *    (host-relay.ts), queued until then.
 *  - The drawing starts in the next task: drawn inside the script's first task, the report
 *    reached the host some 20 ms later (Chrome, 2026-11).
 *  - The height is the form's when the report leaves: a resize after it is relayed.
 *  - `afterReport` runs as a ready report leaves, once the form's events are relayed: what
 *    the frame loads then (the card form's rules) starts beside penpal, never before ready.
 *    The report's moment is marked (`ef-ready-report`, performance.mark) for the tests that
 *    hold it to that.
 *  - `reported`: the gateway's first view has posted the report already (its own script,
 *    first-view/card-first-view.ts): `draw` takes the first view over, and nothing is posted.
 */
export function drawThenConnect<Host extends CommonHost & Methods, Drawn extends { height: number }>(
  environment: FrameEnvironment,
  form: HTMLElement,
  methods: Methods,
  draw: () => Promise<Omit<Drawn, 'height'>>,
  afterReport: () => void = () => undefined,
  { reported: reportedByFirstView = false }: { reported?: boolean } = {},
): Promise<RemoteProxy<Host>> {
  let announce: (report: ReadyReport<Drawn>) => void = () => undefined;
  const reported = new Promise<ReadyReport<Drawn>>((resolve) => (announce = resolve));
  const connected = reported.then(async (report) => {
    const { WindowMessenger, connect } = await import('penpal');
    const host = connect<Host>({
      messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [environment.parentOrigin] }),
      methods,
      channel: 'embedded-fields',
    }).promise;
    // A script of 1.0.x still on a merchant's page (this frame serves every 1.x script)
    // takes the report as its penpal method `ready`; today's hosts have none and refuse it.
    void host.then((remote) => (remote as unknown as RemoteProxy<{ ready(report: unknown): void }>).ready(report)).catch(() => undefined);
    return host;
  });
  connected.catch(() => undefined); // the host went away, or penpal did not load: the calls waiting for it are dropped
  setTimeout(() => {
    void draw()
      .then(
        (drawn) => ({ kind: 'ready', ...drawn, height: form.getBoundingClientRect().height }) as ReadyReport<Drawn>,
        (error: unknown): ReadyReport<Drawn> => ({ kind: 'failed', reason: error instanceof Error ? error.message : 'could not draw' }),
      )
      .then((report) => {
        if (!reportedByFirstView) {
          performance.mark('ef-ready-report');
          window.parent.postMessage(readyMessage(report), environment.parentOrigin);
        }
        if (report.kind === 'ready') {
          relayFormEvents(form, connected);
          afterReport();
        }
        announce(report);
      });
  });
  return connected;
}

/**
 * The gateway's first view of this document, if it has one: the form it drew and reported
 * ready (first-view/card-first-view.ts), which the frame's own form takes the place of.
 */
export function firstViewElement(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[${FIRST_VIEW_ATTRIBUTE}]`);
}

/** What both frame forms (<ef-card-form>, <ef-apm-form>) answer alike. */
export interface FrameForm {
  locale: LocaleTag;
  validateAll(): ComponentState;
  getState(): ComponentState;
  getHolderData(): HolderData;
  focusField(which: 'first' | 'last'): void;
}

/** The locale a configuration asks for, or en-US (its protocol version was checked where it was read: configFromUrl). */
export function configuredLocale(config: { locale: Locale }): LocaleTag {
  return isLocaleTag(config.locale) ? config.locale : 'en-US';
}

/**
 * Drawing's common part: loads the locale's catalog (the only one this frame downloads until
 * `setLocale`; usually already in the document), hands the form its configuration and
 * locale, puts the merchant's style properties on it (`style`: the frame is where they come in
 * from the merchant page, so the frame passes them through the allow-list, or takes those its
 * first view has, which the gateway passed through it: card-frame-styles.ts; the forms
 * themselves apply none, so the hosted page, which sets its own, carries no allow-list), puts
 * it in the document (`place`: at the end of the body, or where the first view was); answers
 * the locale.
 */
export async function placeForm<C extends { locale: Locale }>(
  form: FrameForm & HTMLElement & { config: C | undefined },
  config: C,
  style: (form: HTMLElement) => void,
  place: (form: HTMLElement) => void = (element) => document.body.append(element),
): Promise<LocaleTag> {
  const locale = configuredLocale(config);
  await loadMessages(locale);
  form.config = config;
  style(form);
  form.locale = locale;
  if (!form.isConnected) place(form);
  return locale;
}

/** The frame methods every form answers the same way; `onLocale` keeps the frame's own copy. */
export function formMethods(form: FrameForm, onLocale: (locale: LocaleTag) => void) {
  return {
    async setLocale(next: Locale): Promise<void> {
      if (!isLocaleTag(next)) return;
      await loadMessages(next);
      onLocale(next);
      form.locale = next;
    },
    validate: (): ComponentState => form.validateAll(),
    getState: (): ComponentState => form.getState(),
    getHolderData: (): HolderData => form.getHolderData(),
    focusField: (which: 'first' | 'last'): void => form.focusField(which),
  };
}
