/**
 * One secure frame on the merchant page and its penpal connection. The frame's origin is
 * the gateway's, pinned in allowedOrigins: a message from any other window or origin is
 * dropped by penpal before it reaches our methods.
 *
 * The frame's configuration rides in the iframe's URL (its fragment; a new card mounted as the
 * script loads: its query, for the gateway to draw the form), so no round trip is spent on
 * configuring it. The frame is open once its ready report (its height) has come: a message of
 * its own, taken only from this iframe's window and the gateway's origin, so the form opens as
 * soon as it is drawn. Both sides then start penpal (the page loads it then:
 * frame-messaging.ts); calls made before its handshake ends wait for it.
 *
 * A frame that cannot work fails fast: a frame that has loaded and has not reported
 * LOADED_GRACE_MS later is a browser error page, a gateway error page or a page blocked by
 * frame-ancestors. Only a frame still loading (a slow network) gets the whole
 * CONNECT_TIMEOUT_MS.
 */
import type { Connection, Methods, RemoteProxy } from 'penpal';
import {
  CARD_FRAME_PATH,
  CARD_FRAME_TITLE,
  CONFIG_PARAM,
  MAX_CONFIG_PARAM_LENGTH,
  CONNECT_TIMEOUT_MS,
  LOADED_GRACE_MS,
  PROTOCOL_VERSION,
  configForQuery,
  configFragment,
  reportOfReadyMessage,
  type ApmFrameConfig,
  type FrameConfig,
  type FrameRemote,
  type HostMethods,
  type ReadyReport,
} from '../shared/protocol';
import { loadFrameMessaging } from './frame-messaging';
import { scriptLoadedFrom } from './gateway-origin';
import { closePreloadFrame, takeOverPreload } from './preload-frame';

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
  /** What the frame draws: in the URL's fragment, which the gateway never receives, or (a new card's, mounted as the script loads) its query, for the gateway to draw the form. */
  config: FrameConfig | ApmFrameConfig;
  title?: string;
  /** The iframe's permissions policy (the card frame: `payment`). */
  allow?: string;
  /**
   * false: the document without the entry inline, drawn by the gateway all the same (split
   * fields: three documents share one download of the entry instead of carrying it each).
   */
  inlineEntry?: boolean;
}

/** The frame's ready report, checked: what it drew, or undefined for anything that is not a report. */
export type ReadyCheck<Drawn> = (report: unknown) => ReadyReport<Drawn & { height: number }> | undefined;

/**
 * Opens the frame and resolves once it is drawn, with what its ready report said (`check`
 * reads it). `methods`: what the host offers the frame. `signal` is the frame's life: once
 * it aborts, the frame, its listeners and its timers are gone at once (destroy()), and an
 * open still under way rejects with the signal's reason.
 */
export async function openFrame<Remote extends Methods, Drawn extends { height: number }>(
  container: HTMLElement,
  source: FrameSource,
  methods: Partial<HostMethods>,
  check: ReadyCheck<Drawn>,
  signal?: AbortSignal,
): Promise<FrameConnection<Remote> & { drawn: Drawn }> {
  signal?.throwIfAborted();
  const url = new URL(source.path, source.gatewayOrigin);
  url.searchParams.set('session_id', source.sessionId);
  url.searchParams.set('client_key', source.clientKey);
  url.searchParams.set('v', String(PROTOCOL_VERSION));
  url.searchParams.set('locale', source.locale);
  // The gateway serves the frame only if this is the session's merchant origin.
  url.searchParams.set('parent_origin', location.origin);
  // The card frame's entry not in the cache yet (mounted as the script loads): the document
  // brings it (preload-frame.ts). Cached or not, a new card's form comes drawn in the
  // document, its configuration in the query for the gateway to draw it by (CONFIG_PARAM):
  // ready as the document is parsed, before the entry has run (a mount after the preload has
  // loaded waited for the cached entry to compile and draw: 1.5× the empty iframe's time).
  // (Every card frame takes the preload over, split fields' too: opened beside them, it would compete.)
  const entryCached = source.path === CARD_FRAME_PATH ? takeOverPreload().entryCached : true;
  const inline = source.path === CARD_FRAME_PATH && source.inlineEntry !== false && !entryCached && HTMLScriptElement.supports?.('importmap');
  if (inline) url.searchParams.set('script', 'inline');
  const drawnByGateway = source.path === CARD_FRAME_PATH && 'component' in source.config && source.config.component === 'card' ? configForQuery(source.config) : undefined;
  if (drawnByGateway !== undefined && drawnByGateway.param.length <= MAX_CONFIG_PARAM_LENGTH) {
    url.searchParams.set(CONFIG_PARAM, drawnByGateway.param);
    url.hash = drawnByGateway.fragment;
  } else url.hash = configFragment(source.config);

  const iframe = document.createElement('iframe');
  iframe.title = source.title ?? CARD_FRAME_TITLE;
  if (source.allow) iframe.allow = source.allow;
  iframe.src = url.toString();
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('allowtransparency', 'true');
  Object.assign(iframe.style, { border: '0', width: '100%', height: '0', display: 'block', colorScheme: 'normal' });
  container.append(iframe);

  let settle: { drawn(value: Drawn): void; failed(error: unknown): void } | undefined;
  const ready = new Promise<Drawn>((resolve, reject) => {
    settle = { drawn: resolve, failed: reject };
  });
  ready.catch(() => undefined); // a report that comes after the mount has already failed
  const reports = new AbortController();
  window.addEventListener(
    'message',
    (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== source.gatewayOrigin) return;
      const report = reportOfReadyMessage(event.data);
      if (report === undefined) return;
      const checked = check(report);
      if (checked?.kind === 'ready') settle?.drawn(checked);
      else settle?.failed(new Error(`the frame could not start: ${checked?.reason ?? 'no valid report'}`));
      reports.abort(); // once
    },
    { signal: reports.signal },
  );
  // penpal (its own script, frame-messaging.ts) connects once the frame is ready: the frame
  // starts its side only then too. No penpal timeout: its timer outlives destroy(). The
  // handshake's deadline is ours.
  let connection: Connection<Remote> | undefined;
  let removed = false;
  const connected = ready.then(async () => {
    // In a task of its own: the merchant's mount() resolves first (adding the connect script
    // to the page takes a few ms of the page's main thread).
    await new Promise((resolve) => setTimeout(resolve));
    if (removed) throw new Error('the frame was removed');
    const { connect, WindowMessenger } = await loadFrameMessaging(scriptLoadedFrom() ?? source.gatewayOrigin);
    if (removed) throw new Error('the frame was removed');
    const messenger = new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [source.gatewayOrigin] });
    connection = connect<Remote>({ messenger, methods, channel: 'embedded-fields' });
    return connection.promise;
  });
  // A frame that reported but never connects (it cannot, short of a browser fault) makes the
  // calls waiting for it reject after the timeout, instead of hanging.
  const handshake = withDeadline(connected, CONNECT_TIMEOUT_MS, 'the frame did not connect in time');

  // Until reported: the load grace and the connect timeout (a frame still loading on a slow
  // network gets all of it).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watching = new AbortController();
  const stopWatching = () => {
    watching.abort();
    clearTimeout(timer);
  };
  const notInTime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the frame did not connect in time')), CONNECT_TIMEOUT_MS);
    const onLoad = () => {
      clearTimeout(timer);
      const armed = performance.now();
      const giveUp = (late: boolean) => {
        // Fired well after its time: the merchant page's main thread was busy, and the
        // frame's report may still be queued behind this timer. One more turn, then fail.
        if (!late && performance.now() - armed > LOADED_GRACE_MS + 1_000) {
          timer = setTimeout(() => giveUp(true), LOADED_GRACE_MS);
          return;
        }
        reject(new Error('the frame loaded but did not connect'));
      };
      timer = setTimeout(() => giveUp(false), LOADED_GRACE_MS);
    };
    iframe.addEventListener('load', onLoad, { signal: watching.signal });
  });

  /** Everything this frame holds on the page: safe to call more than once. */
  const destroy = () => {
    signal?.removeEventListener('abort', onAbort);
    stopWatching();
    reports.abort();
    removed = true;
    handshake.cancel(new Error('the frame was removed'));
    connection?.destroy();
    iframe.remove();
  };
  // Synchronous: by the time unmount() returns, the frame and its listeners are gone.
  function onAbort() {
    destroy();
    settle?.failed(signal!.reason);
  }
  signal?.addEventListener('abort', onAbort);
  try {
    const drawn = await Promise.race([ready, notInTime]);
    stopWatching();
    closePreloadFrame();
    return { iframe, remote: whenConnected(handshake.promise), drawn, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}

/** `promise`, or a rejection after `ms` or at cancel(): its timer never outlives it. */
function withDeadline<T>(promise: Promise<T>, ms: number, message: string): { promise: Promise<T>; cancel(reason: Error): void } {
  let cancel: (reason: Error) => void = () => undefined;
  const bounded = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    cancel = (reason) => {
      clearTimeout(timer);
      reject(reason);
    };
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
  bounded.catch(() => undefined); // timed out or cancelled: the calls waiting for it reject
  return { promise: bounded, cancel };
}

/**
 * The frame's methods, callable from the moment it is ready: each call waits for penpal's
 * handshake (usually done within a few ms of the report) and rejects if the connection is
 * destroyed first.
 */
function whenConnected<Remote extends Methods>(connected: Promise<RemoteProxy<Remote>>): RemoteProxy<Remote> {
  return new Proxy({} as RemoteProxy<Remote>, {
    // `then` stays undefined, so the proxy is never taken for a promise.
    get: (_target, name) =>
      typeof name === 'string' && name !== 'then'
        ? (...args: unknown[]) => connected.then((remote) => (remote as Record<string, (...a: unknown[]) => unknown>)[name]!(...args))
        : undefined,
  });
}
