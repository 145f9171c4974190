/**
 * The bare test shop's HTTP server: serves e2e/pages/*.html (and a plain /return page) on
 * both loopback addresses, because the pages are opened as http://localhost:<port> (another
 * site than the gateway on 127.0.0.1) and localhost resolves to 127.0.0.1 or ::1 depending
 * on the machine and the browser (::1 only where the machine has IPv6).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_PAGES = join(dirname(fileURLToPath(import.meta.url)), '../pages');

export interface TestShopServer {
  /** http://localhost:<port> */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on `port` (0: a free one) on 127.0.0.1 and the same port on ::1. */
export async function startTestShopServer(port: number, pagesDir = DEFAULT_PAGES): Promise<TestShopServer> {
  const serve = pageHandler(resolve(pagesDir));
  const ipv4 = createServer(serve);
  await listen(ipv4, port, '127.0.0.1');
  const bound = (ipv4.address() as AddressInfo).port;
  const ipv6 = createServer(serve);
  const servers: Server[] = [ipv4];
  try {
    await listen(ipv6, bound, '::1');
    servers.push(ipv6);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT') throw error;
  }
  return {
    origin: `http://localhost:${bound}`,
    port: bound,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
}

function pageHandler(pages: string): RequestListener {
  return async (request, response) => {
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
}
