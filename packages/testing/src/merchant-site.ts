/**
 * A merchant site for tests, on its own site: served from loopback but addressed as
 * `http://localhost:{port}`, while the gateway is `http://127.0.0.1:{port}`, so the secure
 * frames are cross-site exactly as on a real shop. It serves
 *  - `/checkout?gateway=&session=[&locale=]`: a minimal checkout page, the card component
 *    (embedded-fields.js from the gateway's /v1/ URL), a Pay button and a status line
 *    ("Approved APPROVED …", "Declined …"; errors in an alert);
 *  - `/return`: where 3-D Secure redirects come back;
 *  - any file under `root` (your own merchant pages and their scripts), when given.
 * Node only. The Playwright fixtures start one per worker (`merchantSite`).
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

export interface MerchantSite {
  /** `http://localhost:{port}`: use it as the session's originator_url. */
  origin: string;
  /** The built-in checkout page for a session of the gateway at `gatewayUrl`. */
  checkoutUrl(gatewayUrl: string, sessionId: string, options?: { locale?: string }): string;
  close(): Promise<void>;
}

export interface MerchantSiteOptions {
  /** A folder of your own pages and files to serve besides the built-in checkout. */
  root?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

const CHECKOUT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Checkout</title></head>
<body>
  <h1>Checkout</h1>
  <div id="card"></div>
  <button id="pay" type="button">Pay</button>
  <p id="result" role="status" aria-live="polite"></p>
  <p id="error" role="alert"></p>
  <script>
    const params = new URLSearchParams(location.search);
    const show = (id, text) => { document.getElementById(id).textContent = text; };
    const script = document.createElement('script');
    script.src = new URL('/v1/embedded-fields.js', params.get('gateway')).href;
    script.addEventListener('load', () => {
      const payments = window.PaymentComponent({
        clientKey: 'test-client-key',
        sessionId: params.get('session'),
        environment: 'test',
        ...(params.get('locale') ? { locale: params.get('locale') } : {}),
      });
      const card = payments.create('card', {});
      card.mount('#card').catch((error) => show('error', error.code + ': ' + error.message));
      document.getElementById('pay').addEventListener('click', () => card.submitPayment({
        callback(response, error) {
          show('result', response ? (response.approved ? 'Approved ' : 'Declined ') + response.status + ' ' + response.transaction.id : '');
          show('error', error ? error.code + ': ' + error.message : '');
        },
      }));
    });
    document.head.append(script);
  </script>
</body>
</html>
`;

const RETURN_PAGE = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Back at the shop</title><h1>Back at the shop</h1></html>';

/** `{origin}/checkout?gateway=&session=[&locale=]`: the checkout page's contract (this site's, and the repo's test shop's). */
export function checkoutPageUrl(origin: string, gatewayUrl: string, sessionId: string, { locale }: { locale?: string } = {}): string {
  return `${origin}/checkout?${new URLSearchParams({ gateway: gatewayUrl, session: sessionId, ...(locale ? { locale } : {}) })}`;
}

export async function startMerchantSite(options: MerchantSiteOptions = {}): Promise<MerchantSite> {
  const root = options.root ? resolve(options.root) : undefined;
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string | Buffer) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (pathname === '/checkout') return send(200, TYPES['.html']!, CHECKOUT_PAGE);
    if (pathname === '/return') return send(200, TYPES['.html']!, RETURN_PAGE);
    let file: string | undefined;
    try {
      file = root && normalize(join(root, decodeURIComponent(pathname)));
    } catch {
      return send(400, 'text/plain', 'bad path');
    }
    if (!root || !file?.startsWith(root + sep)) return send(404, 'text/plain', 'not found');
    return void readFile(file).then(
      (body) => send(200, TYPES[extname(file)] ?? 'application/octet-stream', body),
      () => send(404, 'text/plain', 'not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    checkoutUrl: (gatewayUrl, sessionId, checkout = {}) => checkoutPageUrl(origin, gatewayUrl, sessionId, checkout),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
