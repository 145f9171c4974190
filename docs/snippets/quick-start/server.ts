/**
 * The merchant quick start's backend (docs/merchants/index.md shows it region by region):
 * a session from your backend, the page with the script pinned by its SRI hash under a strict
 * CSP, the return from a 3-D Secure redirect, and the signed webhook. Node's own `http` and
 * `jose` (JWT), nothing else. e2e/docs-quick-start.spec.ts pays through exactly this file.
 *
 *   GATEWAY_URL=http://127.0.0.1:4010 npx tsx server.ts    # the shop on http://localhost:3000
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createRemoteJWKSet, jwtVerify } from 'jose';

// #region credentials
// The sandbox's test merchant (the mock gateway's fixture). Keep the secret on the server:
// the page gets only the session id and the public client key.
const CLIENT_ID = 'test-client';
const CLIENT_SECRET = 'test-secret';
const CLIENT_KEY = 'test-client-key';
const MERCHANT_ID = 'MERCHANT0001';
const TERMINAL_ID = 'TERM00001';
// #endregion credentials

export interface ShopOptions {
  /** The gateway's base URL, e.g. http://127.0.0.1:4010. */
  gatewayUrl: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
}

export interface Shop {
  /** The shop's origin, e.g. http://localhost:3000 (the origin the secure frames accept). */
  url: string;
  /** Order status by reference, as the verified webhooks and the status checks left it. */
  orders: Map<string, string>;
  close(): Promise<void>;
}

export async function startShop({ gatewayUrl, port = 3000 }: ShopOptions): Promise<Shop> {
  const gateway = new URL(gatewayUrl).origin;
  const orders = new Map<string, string>();
  let shopUrl = '';

  // #region session
  async function accessToken(): Promise<string> {
    const response = await fetch(`${gateway}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'my-shop/1.0' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    if (!response.ok) throw new Error(`token: HTTP ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** Talks to the gateway's API as the merchant (bearer token; the gateway wants a User-Agent). */
  async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${gateway}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'user-agent': 'my-shop/1.0',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** POST /api/checkout: a session for this order; the page gets its id and the public key. */
  async function checkout(): Promise<{ sessionId: string; clientKey: string }> {
    const reference = `order-${randomUUID().slice(0, 8)}`; // unique per terminal, at most 40 characters
    const session = await api<{ id: string }>('POST', '/api/sessions', {
      terminal_id: TERMINAL_ID,
      reference,
      description: 'Order at My Shop',
      amount: 1500, // minor units: 15.00 EUR
      currency: 'EUR',
      transaction_type: 'PURCHASE',
      return_url: `${shopUrl}/return`, // where a 3-D Secure redirect comes back to
      originator_url: shopUrl, // the page's origin: the only one allowed to frame the card
    });
    orders.set(reference, 'CREATED');
    return { sessionId: session.id, clientKey: CLIENT_KEY };
  }
  // #endregion session

  // #region page
  /** The page, with the exact script version and its hash from the gateway's /sri.json. */
  async function checkoutPage(): Promise<string> {
    const sri = (await (await fetch(`${gateway}/sri.json`)).json()) as { script: { url: string; integrity: string } };
    const html = await readFile(new URL('./checkout.html', import.meta.url), 'utf8');
    return html.replace('%SCRIPT_URL%', new URL(sri.script.url, gateway).href).replace('%SCRIPT_INTEGRITY%', sri.script.integrity);
  }

  /** The CSP the page needs: the gateway's script and frames, the issuer's pages (3-D Secure). */
  async function contentSecurityPolicy(): Promise<string> {
    const acs = await acsOrigin(gateway);
    return [
      `default-src 'self'`,
      `script-src 'self' ${gateway}`,
      `frame-src ${gateway} ${acs}`,
      `connect-src 'self'`,
      `form-action 'self' ${gateway} ${acs}`,
      `object-src 'none'`,
      `base-uri 'none'`,
    ].join('; ');
  }
  // #endregion page

  // #region return
  /** GET /return?transaction_id=…: back from a 3-D Secure redirect. Ask the gateway, not the URL. */
  async function returned(transactionId: string): Promise<string> {
    const { transaction } = await api<{ transaction: { reference: string; status: string } | null }>(
      'GET',
      `/api/transactions/${encodeURIComponent(transactionId)}/status`,
    );
    if (!transaction) return 'We could not find your payment.';
    orders.set(transaction.reference, transaction.status);
    return transaction.status === 'APPROVED' ? 'Paid. Thank you!' : `Not paid (${transaction.status}).`;
  }
  // #endregion return

  // #region webhook
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', gateway));

  /** POST /webhooks: believe nothing before the JWT and the body's SHA-512 both check out. */
  async function webhook(rawBody: Buffer, authorization: string | undefined): Promise<number> {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) return 401;
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, { algorithms: ['RS256'], issuer: gateway, audience: MERCHANT_ID }));
    } catch {
      return 401;
    }
    const digest = createHash('sha512').update(rawBody).digest('hex');
    const signed = (claims.data as { SHA512?: unknown } | undefined)?.SHA512;
    if (typeof signed !== 'string' || signed.length !== digest.length || !timingSafeEqual(Buffer.from(signed), Buffer.from(digest))) return 401;
    const { payload } = JSON.parse(rawBody.toString('utf8')) as { payload?: { reference?: string; status?: string } };
    // Retries carry the same jti: setting a status twice is harmless here; deduplicate on
    // claims.jti where a second delivery would do something twice.
    if (payload?.reference && payload.status) orders.set(payload.reference, payload.status);
    return 200;
  }
  // #endregion webhook

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) send(response, 502, 'text/plain', 'The payment service could not be reached.');
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', shopUrl);
    if (request.method === 'GET' && url.pathname === '/') {
      response.setHeader('content-security-policy', await contentSecurityPolicy());
      return send(response, 200, 'text/html; charset=utf-8', await checkoutPage());
    }
    if (request.method === 'GET' && url.pathname === '/checkout.js') {
      return send(response, 200, 'text/javascript; charset=utf-8', await readFile(new URL('./checkout.js', import.meta.url), 'utf8'));
    }
    if (request.method === 'POST' && url.pathname === '/api/checkout') {
      return send(response, 200, 'application/json', JSON.stringify(await checkout()));
    }
    if (request.method === 'GET' && url.pathname === '/return') {
      const text = await returned(url.searchParams.get('transaction_id') ?? '');
      response.setHeader('content-security-policy', `default-src 'none'`);
      return send(response, 200, 'text/html; charset=utf-8', `<!doctype html><title>Order</title><p role="status">${text}</p>`);
    }
    if (request.method === 'POST' && url.pathname === '/webhooks') {
      return send(response, await webhook(await readBody(request), request.headers.authorization), 'text/plain', '');
    }
    if (url.pathname === '/favicon.ico') return send(response, 204, 'text/plain', '');
    send(response, 404, 'text/plain', 'Not found');
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  shopUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url: shopUrl,
    orders,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type }).end(body);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The issuer's (ACS) origin for the CSP: the mock gateway says it in /__mock/config. */
async function acsOrigin(gateway: string): Promise<string> {
  const config = (await (await fetch(`${gateway}/__mock/config`, { headers: { 'user-agent': 'my-shop/1.0' } })).json()) as { acs_url: string };
  return new URL(config.acs_url).origin;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const shop = await startShop({ gatewayUrl: process.env.GATEWAY_URL ?? 'http://127.0.0.1:4010' });
  console.log(`My Shop on ${shop.url}`);
}
