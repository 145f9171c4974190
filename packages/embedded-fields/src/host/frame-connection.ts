/**
 * One secure frame on the merchant page and its penpal connection. The frame's origin is
 * the gateway's, pinned in allowedOrigins: a message from any other window or origin is
 * dropped by penpal before it reaches our methods.
 *
 * A frame that cannot work fails fast: the frame's script connects as soon as it runs,
 * which is before the iframe's load event, so a frame that has loaded and still not
 * connected LOADED_GRACE_MS later is a browser error page, a gateway error page or a page
 * blocked by frame-ancestors. Only a frame still loading (a slow network) gets the whole
 * CONNECT_TIMEOUT_MS.
 */
import { WindowMessenger, connect, type Connection, type Methods, type RemoteProxy } from 'penpal';
import { CARD_FRAME_TITLE, CONNECT_TIMEOUT_MS, LOADED_GRACE_MS, PROTOCOL_VERSION, type FrameRemote, type HostMethods } from '../shared/protocol';

/** `Remote`: the frame's methods (the card frame's by default; the APM frame's for /frames/apm). */
export interface FrameConnection<Remote extends Methods = FrameRemote> {
  iframe: HTMLIFrameElement;
  remote: RemoteProxy<Remote>;
  destroy(): void;
}

export interface FrameSource {
  gatewayOrigin: string;
  path: string;
  sessionId: string;
  clientKey: string;
  /** The locale the frame opens in: the gateway writes that one catalog into the document. */
  locale: string;
  /** The card frame's component (card, saved-card): a new card's form is drawn before configure. */
  component?: string;
  title?: string;
  /** The iframe's permissions policy (the card frame: `payment`). */
  allow?: string;
}

export async function openFrame<Remote extends Methods = FrameRemote>(
  container: HTMLElement,
  source: FrameSource,
  methods: Partial<HostMethods>,
): Promise<FrameConnection<Remote>> {
  const url = new URL(source.path, source.gatewayOrigin);
  url.searchParams.set('session_id', source.sessionId);
  url.searchParams.set('client_key', source.clientKey);
  url.searchParams.set('v', String(PROTOCOL_VERSION));
  url.searchParams.set('locale', source.locale);
  if (source.component) url.searchParams.set('component', source.component);

  const iframe = document.createElement('iframe');
  iframe.title = source.title ?? CARD_FRAME_TITLE;
  if (source.allow) iframe.allow = source.allow;
  iframe.src = url.toString();
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('allowtransparency', 'true');
  Object.assign(iframe.style, { border: '0', width: '100%', height: '0', display: 'block', colorScheme: 'normal' });
  container.append(iframe);

  const messenger = new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [source.gatewayOrigin] });
  const connection: Connection<Remote> = connect<Remote>({
    messenger,
    methods: { ...methods },
    timeout: CONNECT_TIMEOUT_MS,
    channel: 'embedded-fields',
  });
  let grace: ReturnType<typeof setTimeout> | undefined;
  const watching = new AbortController();
  const stopWatching = () => {
    watching.abort();
    clearTimeout(grace);
  };
  const loadedWithoutConnecting = new Promise<never>((_, reject) => {
    const onLoad = () => {
      clearTimeout(grace);
      const armed = performance.now();
      const check = (late: boolean) => {
        // Fired well after its time: the merchant page's main thread was busy, and the
        // frame's hello may still be queued behind this timer. One more turn, then fail.
        if (!late && performance.now() - armed > LOADED_GRACE_MS + 1_000) {
          grace = setTimeout(() => check(true), LOADED_GRACE_MS);
          return;
        }
        reject(new Error('the frame loaded but did not connect'));
      };
      grace = setTimeout(() => check(false), LOADED_GRACE_MS);
    };
    iframe.addEventListener('load', onLoad, { signal: watching.signal });
  });
  try {
    const remote = await Promise.race([connection.promise, loadedWithoutConnecting]);
    stopWatching();
    return {
      iframe,
      remote,
      destroy() {
        connection.destroy();
        iframe.remove();
      },
    };
  } catch (error) {
    stopWatching();
    connection.destroy();
    iframe.remove();
    throw error;
  }
}
