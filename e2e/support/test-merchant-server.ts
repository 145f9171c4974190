/**
 * A bare "merchant" origin for suites that test the gateway's pages without the demo shop:
 * serves e2e/pages/*.html and a plain /return page. Started by Playwright's webServer.
 * Usage: tsx e2e/support/test-merchant-server.ts <port> [pages-dir]
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.argv[2] ?? 4180);
const pages = process.argv[3] ? resolve(process.argv[3]) : join(dirname(fileURLToPath(import.meta.url)), '../pages');

const serve: Parameters<typeof createServer>[0] = async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  const file = normalize(join(pages, url.pathname === '/' ? 'index.html' : url.pathname));
  if (!file.startsWith(pages)) {
    response.writeHead(400).end();
    return;
  }
  try {
    const body = await readFile(file.endsWith('.html') ? file : `${file}.html`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
};
// Pages are opened as http://localhost:<port> (another site than the gateway on 127.0.0.1),
// and localhost resolves to 127.0.0.1 or ::1 depending on the machine and the browser:
// listen on both loopback addresses (::1 only where the machine has IPv6).
const ipv4 = createServer(serve).listen(port, '127.0.0.1');
const ipv6 = createServer(serve).on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EADDRNOTAVAIL' && error.code !== 'EAFNOSUPPORT') throw error;
});
ipv6.listen(port, '::1');
const servers = [ipv4, ipv6];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const each of servers) each.close();
    process.exit(0);
  });
}
