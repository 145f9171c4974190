/**
 * How each secure frame document starts (/frames/card, /frames/apm): it trusts exactly one
 * parent, the session's merchant origin that the gateway wrote into the document (and into
 * frame-ancestors), and penpal drops messages from any other origin or window. Once
 * connected, the form's events become the host's change / resize / focusExit calls: states
 * and heights, never values.
 */
import { WindowMessenger, connect, type Methods, type RemoteProxy } from 'penpal';
import { isLocaleTag, loadMessages, type LocaleTag } from '@payments/core';
import type { ComponentState, HolderData, Locale } from '../shared/payment-types';
import { readConfigFragment, type HostRemote, type ReadyReport } from '../shared/protocol';
import { FORM_EVENTS } from './form-events';
import { relayFocusAndSubmit } from './host-relay';

export interface FrameEnvironment {
  /** The only origin this frame answers. */
  parentOrigin: string;
  sessionId: string;
  clientKey: string;
}

/** The frame's parent and session; null when the document is not framed by a merchant (nothing must run). */
export function frameEnvironment(): FrameEnvironment | null {
  const parentOrigin = document.querySelector<HTMLMetaElement>('meta[name="ef-parent-origin"]')?.content ?? '';
  if (window.parent === window || !parentOrigin) return null;
  const params = new URLSearchParams(location.search);
  return { parentOrigin, sessionId: params.get('session_id') ?? '', clientKey: params.get('client_key') ?? '' };
}

/** The configuration the host put in this frame's URL fragment, or undefined when it is missing or not this protocol's. */
export function configFromUrl<C>(isConfig: (value: unknown) => value is C): C | undefined {
  const config = readConfigFragment(location.hash);
  return isConfig(config) ? config : undefined;
}

/**
 * Draws the form and tells the host (`ready`) once both are done: the drawing (`draw`, which
 * answers what the report adds besides the height, or throws) and the connection. The
 * drawing starts in the next task, because the handshake's first message leaves the frame
 * only when this task ends; the host's replies are handled between the drawing's steps. The
 * height is the form's when the report leaves: any resize before it did not reach the host.
 */
export function drawThenReport<Drawn extends { height: number }>(
  connected: Promise<{ ready(report: ReadyReport<Drawn>): unknown }>,
  form: HTMLElement,
  draw: () => Promise<Omit<Drawn, 'height'>>,
): void {
  setTimeout(() => {
    const drawing = draw().then(
      (drawn) => ({ drawn }),
      (error: unknown) => ({ failed: error instanceof Error ? error.message : 'could not draw' }),
    );
    void Promise.all([connected, drawing]).then(([host, outcome]) => {
      const report =
        'drawn' in outcome
          ? ({ kind: 'ready', ...outcome.drawn, height: form.getBoundingClientRect().height } as ReadyReport<Drawn>)
          : ({ kind: 'failed', reason: outcome.failed } as const);
      return host.ready(report);
    }, () => undefined); // the host went away
  });
}

/** What every host offers a frame. */
type CommonHost = Pick<HostRemote, 'change' | 'resize' | 'focusExit'>;

/** Connects to the parent with `methods`, then relays `form`'s events to it. `Host`: what the parent offers. */
export async function connectToHost<Host extends CommonHost & Methods>(
  environment: FrameEnvironment,
  form: HTMLElement,
  methods: Methods,
): Promise<RemoteProxy<Host>> {
  const connection = connect<Host>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [environment.parentOrigin] }),
    methods,
    channel: 'embedded-fields',
  });
  const remote = await connection.promise;
  const host: RemoteProxy<CommonHost> = remote;
  form.addEventListener(FORM_EVENTS.state, (event: Event) => void host.change((event as CustomEvent<ComponentState>).detail));
  form.addEventListener(FORM_EVENTS.resize, (event: Event) => void host.resize((event as CustomEvent<{ height: number }>).detail.height));
  form.addEventListener(FORM_EVENTS.focusExit, (event: Event) => {
    // The host moves focus to the merchant page's next element; the browser's own Tab must not also move it.
    event.preventDefault();
    void host.focusExit((event as CustomEvent<{ direction: 'forward' | 'backward' }>).detail.direction);
  });
  relayFocusAndSubmit(form, remote as RemoteProxy<HostRemote>);
  return remote;
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
 * locale, puts it in the document; answers the locale.
 */
export async function placeForm<C extends { locale: Locale }>(
  form: FrameForm & HTMLElement & { config: C | undefined },
  config: C,
): Promise<LocaleTag> {
  const locale = configuredLocale(config);
  await loadMessages(locale);
  form.config = config;
  form.locale = locale;
  if (!form.isConnected) document.body.append(form);
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
