/**
 * How each secure frame document starts (/frames/card, /frames/apm): it trusts exactly one
 * parent, the session's merchant origin that the gateway wrote into the document (and into
 * frame-ancestors), and penpal drops messages from any other origin or window. Once
 * connected, the form's events become the host's change / resize / focusExit calls: states
 * and heights, never values.
 */
import { WindowMessenger, connect, type Methods, type RemoteProxy } from 'penpal';
import type { ComponentState } from '../public-api';
import type { HostRemote } from '../shared/protocol';
import { FORM_EVENTS } from './form-events';

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
  return remote;
}
