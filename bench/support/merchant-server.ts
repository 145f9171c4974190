/**
 * The bench's merchant site: bench/pages/*.html from this process, at http://localhost:PORT
 * (a free port). The gateway answers at 127.0.0.1: another site, so the secure frames run
 * cross-site, out of process, as they do on a real merchant's page.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const PAGES = join(import.meta.dirname, '..', 'pages');

export interface MerchantServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startMerchantServer(): Promise<MerchantServer> {
  const server = createServer(async (request, response) => {
    const name = new URL(request.url ?? '/', 'http://localhost').pathname.slice(1);
    if (!/^[a-z-]+$/.test(name)) return void response.writeHead(404).end();
    try {
      const body = await readFile(join(PAGES, `${name}.html`));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
