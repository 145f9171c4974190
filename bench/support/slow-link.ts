/**
 * A phone's network between the browser and the gateway: a TCP proxy on 127.0.0.1 that
 * delays every byte by half a round trip each way and lets it through at the link's
 * bandwidth, one TCP segment at a time, and makes each new connection wait one round trip (the TCP handshake) before
 * its first byte moves. Loopback alone measures CPU only; a shopper's phone also waits for
 * each sequential request.
 *
 * The default profile is Lighthouse's mobile one (its simulated throttling): 150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface LinkProfile {
  name: string;
  rttMs: number;
  downKbps: number;
  upKbps: number;
}

export const MOBILE_NETWORK: LinkProfile = { name: 'Lighthouse mobile: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up', rttMs: 150, downKbps: 1638.4, upKbps: 750 };

export interface SlowLink {
  /** The gateway through the link: http://127.0.0.1:PORT. */
  url: string;
  stop(): Promise<void>;
}

export async function startSlowLink(target: string, profile: LinkProfile = MOBILE_NETWORK): Promise<SlowLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    client.pause();
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    setTimeout(() => {
      const upstream = connect(Number(port), hostname, () => {
        relay(client, upstream, profile.rttMs / 2, profile.upKbps);
        relay(upstream, client, profile.rttMs / 2, profile.downKbps);
        client.resume();
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    }, profile.rttMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a link carries at once: one TCP segment (a 1,500-byte Ethernet frame less its IP and
 * TCP headers). A server's write of a whole document arrives segment by segment, and the
 * browser parses what has arrived; delivered as one piece, a 20 kB document's first bytes
 * waited for its last (about 100 ms at 1.6 Mbit/s), which no network does.
 */
const SEGMENT_BYTES = 1460;

/** `from` → `to`: each segment leaves once the link has sent what came before it, and arrives `oneWayMs` later, in order. */
function relay(from: Socket, to: Socket, oneWayMs: number, kbps: number): void {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  const queue: { at: number; action: () => void }[] = [];
  let linkFreeAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0]!.at <= performance.now()) queue.shift()!.action();
    if (queue.length > 0) timer = setTimeout(next, queue[0]!.at - performance.now());
  };
  const deliver = (bytes: number, action: () => void) => {
    const now = performance.now();
    linkFreeAt = Math.max(now, linkFreeAt) + bytes / bytesPerMs;
    queue.push({ at: linkFreeAt + oneWayMs, action });
    timer ??= setTimeout(next, queue[0]!.at - now);
  };
  from.on('data', (chunk: Buffer) => {
    for (let start = 0; start < chunk.length; start += SEGMENT_BYTES) {
      const segment = chunk.subarray(start, start + SEGMENT_BYTES);
      deliver(segment.length, () => to.writable && to.write(segment));
    }
  });
  from.on('end', () => deliver(0, () => to.end()));
}
