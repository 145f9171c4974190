/**
 * penpal, which carries the calls between the merchant page and its secure frames once a
 * frame is ready, lives in its own script, embedded-fields-connect.js (2.8 kB br of the
 * 9.8 kB embedded-fields.js had): a card mount does not wait for it. The frame reports ready
 * with a message of its own (frame-connection.ts) and only then loads its own penpal, so the
 * page loads this script when the first frame is ready; penpal's handshake is symmetric
 * (whichever side starts later is answered), and calls made before it ends wait for it.
 * How it is loaded, by exact version and SRI hash: gateway-script.ts.
 */
import type { WindowMessenger, connect } from 'penpal';
import { loadGatewayScript, loadedEvent } from './gateway-script';

export interface FrameMessaging {
  connect: typeof connect;
  WindowMessenger: typeof WindowMessenger;
}

export const CONNECT_LOADED_EVENT = loadedEvent('embedded-fields-connect.js');

declare const __EF_CONNECT_INTEGRITY__: string;

let loading: Promise<FrameMessaging> | undefined;

/** penpal, loaded once from `origin` (the gateway embedded-fields.js came from). */
export function loadFrameMessaging(origin: string): Promise<FrameMessaging> {
  loading ??= loadGatewayScript<FrameMessaging>(origin, 'embedded-fields-connect.js', __EF_CONNECT_INTEGRITY__).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
