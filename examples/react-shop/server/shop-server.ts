/**
 * The React shop's backend: serves the built app (dist/) and a small JSON API. It holds the
 * gateway credentials (client id and secret) and gives the browser only what it may hold: the
 * public client key, the gateway's URL and a session id per order.
 *
 *   GET  /api/config                 { gatewayUrl, clientKey }
 *   POST /api/orders                 a new order: { reference, sessionId, amount, currency, savedCard }
 *   GET  /api/payments/{id}          the transaction's status, from the gateway (the return page)
 *
 * Listens on 127.0.0.1 and ::1 (the page is opened as http://localhost:<port>, another site
 * than a gateway on 127.0.0.1). Every other GET path answers the app's index.html.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GatewayClient, GatewayError, TEST_CREDENTIALS, type GatewayCredentials } from '@payments/testing';
import { savedCardFor, type SavedCard } from './saved-card';

export interface ReactShopOptions {
  /** The gateway's {base_url}. */
  gatewayUrl: string;
  /** 0: a free port. */
  port?: number;
  credentials?: GatewayCredentials;
  /** The built app; default: ../dist. */
  distDir?: string;
}

export interface ReactShop {
  /** http://localhost:<port> */
  url: string;
  close(): Promise<void>;
}

export interface OrderResponse {
  /** The shop's order reference (the session's `reference` at the gateway). */
  reference: string;
  sessionId: string;
  amount: number;
  currency: string;
  savedCard: SavedCard;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const DIST = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const AMOUNT = 4_999;

export async function startReactShop(options: ReactShopOptions): Promise<ReactShop> {
  const credentials = options.credentials ?? TEST_CREDENTIALS;
  const gateway = new GatewayClient(options.gatewayUrl, credentials);
  const dist = options.distDir ?? DIST;
  let origin = '';
  let savedCard: Promise<SavedCard> | undefined;

  const api: Record<string, (request: IncomingMessage, rest: string) => Promise<unknown>> = {
    'GET /api/config': async () => ({ gatewayUrl: options.gatewayUrl, clientKey: credentials.clientKey }),
    'POST /api/orders': async () => {
      // The shop's one shopper has a card saved on a first visit (a Direct API payment with tokenization).
      savedCard ??= savedCardFor(gateway);
      const card = await savedCard;
      const reference = `RS-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`.toUpperCase();
      const session = await gateway.createSession({
        terminal_id: 'TERM00001',
        reference,
        description: 'React shop order',
        currency: 'EUR',
        amount: AMOUNT,
        transaction_type: 'PURCHASE',
        return_url: `${origin}/return`,
        originator_url: origin,
        customer: { id: card.customerId },
      });
      return { reference, sessionId: session.id, amount: AMOUNT, currency: 'EUR', savedCard: card } satisfies OrderResponse;
    },
    'GET /api/payments': async (_request, id) => {
      if (!/^[\w-]{1,80}$/.test(id)) throw new HttpError(400, 'not a transaction id');
      const status = await gateway.status(id).catch((error: unknown) => {
        // The gateway knows no such transaction: the caller's mistake, said as such.
        if (error instanceof GatewayError && error.status >= 400 && error.status < 500) throw new HttpError(404, 'no such payment');
        throw error;
      });
      return { status: status.transaction?.status ?? 'UNKNOWN' };
    },
  };

  const handler: RequestListener = (request, response) => {
    void handle(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 502;
      send(response, status, 'application/json', JSON.stringify({ error: error instanceof HttpError ? error.message : 'the gateway did not answer as expected' }));
    });
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname.startsWith('/api/')) {
      const [, , name = '', rest = ''] = pathname.split('/');
      const route = api[`${request.method} /api/${name}`];
      if (!route) throw new HttpError(404, 'no such API');
      send(response, 200, 'application/json', JSON.stringify(await route(request, decodeURIComponent(rest))));
      return;
    }
    if (request.method !== 'GET') throw new HttpError(405, 'GET only');
    const file = normalize(join(dist, pathname));
    const asset = file.startsWith(join(dist, 'assets')) ? await readFile(file).catch(() => undefined) : undefined;
    if (asset) return send(response, 200, TYPES[extname(file)] ?? 'application/octet-stream', asset, 'public, max-age=31536000, immutable');
    // Every page of the app (/, /return) is the app's document.
    send(response, 200, TYPES['.html']!, await readFile(join(dist, 'index.html')), 'no-store');
  }

  const servers = [createServer(handler)];
  await listen(servers[0]!, options.port ?? 0, '127.0.0.1');
  const port = (servers[0]!.address() as AddressInfo).port;
  const ipv6 = createServer(handler);
  try {
    await listen(ipv6, port, '::1');
    servers.push(ipv6);
  } catch {
    // no IPv6 loopback on this machine: localhost is 127.0.0.1 here
  }
  origin = `http://localhost:${port}`;
  return {
    url: origin,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    },
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, cache = 'no-store'): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff' }).end(body);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
}
