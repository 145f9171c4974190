/**
 * One secure frame on the merchant page and its penpal connection. The frame's origin is
 * the gateway's, pinned in allowedOrigins: a message from any other window or origin is
 * dropped by penpal before it reaches our methods.
 */
import { WindowMessenger, connect, type Connection, type RemoteProxy } from 'penpal';
import { CARD_FRAME_TITLE, CONNECT_TIMEOUT_MS, PROTOCOL_VERSION, type FrameRemote, type HostMethods } from '../shared/protocol';

export interface FrameConnection {
  iframe: HTMLIFrameElement;
  remote: RemoteProxy<FrameRemote>;
  destroy(): void;
}

export interface FrameSource {
  gatewayOrigin: string;
  path: string;
  sessionId: string;
  clientKey: string;
  title?: string;
}

export async function openFrame(container: HTMLElement, source: FrameSource, methods: HostMethods): Promise<FrameConnection> {
  const url = new URL(source.path, source.gatewayOrigin);
  url.searchParams.set('session_id', source.sessionId);
  url.searchParams.set('client_key', source.clientKey);
  url.searchParams.set('v', String(PROTOCOL_VERSION));

  const iframe = document.createElement('iframe');
  iframe.title = source.title ?? CARD_FRAME_TITLE;
  iframe.src = url.toString();
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('allowtransparency', 'true');
  Object.assign(iframe.style, { border: '0', width: '100%', height: '0', display: 'block', colorScheme: 'normal' });
  container.append(iframe);

  const messenger = new WindowMessenger({ remoteWindow: iframe.contentWindow!, allowedOrigins: [source.gatewayOrigin] });
  const connection: Connection<FrameRemote> = connect<FrameRemote>({
    messenger,
    methods: { ...methods },
    timeout: CONNECT_TIMEOUT_MS,
    channel: 'embedded-fields',
  });
  try {
    const remote = await connection.promise;
    return {
      iframe,
      remote,
      destroy() {
        connection.destroy();
        iframe.remove();
      },
    };
  } catch (error) {
    connection.destroy();
    iframe.remove();
    throw error;
  }
}
