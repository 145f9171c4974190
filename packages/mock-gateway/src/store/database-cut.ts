/**
 * For tests: a TCP relay in front of a Postgres that can be cut, as a restarting database
 * looks from the gateway: `cut()` drops every open connection (mid-statement or idle) and
 * refuses new ones (ECONNREFUSED); `freeze()` lets every byte vanish both ways, as a network
 * that drops packets (nothing answers, nothing is refused); `restore()` ends either.
 * (e2e/replicas stops a real Postgres with pg_ctl; this is the in-process, exact version.)
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface DatabaseCut {
  /** The database URL, through the relay. */
  url: string;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseCut(databaseUrl: string): Promise<DatabaseCut> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let frozen = false;
  const listen = async () => {
    frozen = false;
    if (server) return;
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined); // the other end's reset: both are destroyed below
      }
      client.on('data', (chunk: Buffer) => frozen || upstream.write(chunk));
      upstream.on('data', (chunk: Buffer) => frozen || client.write(chunk));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    port = (relay.address() as AddressInfo).port;
    server = relay;
  };
  const stop = async () => {
    const relay = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    if (relay) await new Promise<void>((resolve) => relay.close(() => resolve()));
  };
  await listen();
  const url = new URL(databaseUrl);
  url.port = String(port);
  return { url: url.toString(), cut: stop, freeze: () => void (frozen = true), restore: listen, close: stop };
}
