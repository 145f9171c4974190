/**
 * The shop's pages and assets: GET / (demo/public/index.html with the gateway's origin in
 * the embedded-fields.js <script src>), the page script (demo/client, bundled with esbuild
 * at start and served as /shop.js), and the files of demo/public as they are.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { LOCALES, formatAmount, formatMessage, type LocaleTag } from '@payments/core';
import { BASKET, CURRENCY, basketTotal } from '../shared/basket';
import { pageTexts, shopTexts } from '../shared/i18n';
import { localizeTemplate, renderTemplate } from './html';
import { shopperLocale } from './shopper-locale';

export const DEMO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PUBLIC_DIR = join(DEMO_ROOT, 'public');

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Bundles demo/client/shop.ts into one ES module (type-checked separately by tsc). */
export async function buildShopScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(DEMO_ROOT, 'client', 'shop.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export function readPublicFile(name: string): string {
  return readFileSync(join(PUBLIC_DIR, name), 'utf8');
}

export interface PageOptions {
  gatewayUrl: string;
  shopScript: string;
  /** The gateway's published SRI hash of embedded-fields.js ('' when it has none). */
  scriptIntegrity: string;
}

export function registerPages(app: FastifyInstance, { gatewayUrl, shopScript, scriptIntegrity }: PageOptions): void {
  const line = BASKET[0]!;
  const template = readPublicFile('index.html');
  // The page in each language, rendered once; the page script switches it in place after.
  const pages = new Map<LocaleTag, string>();
  for (const locale of LOCALES) {
    const price = (minor: number) => formatAmount(minor, CURRENCY, locale);
    const texts = shopTexts(locale);
    pages.set(
      locale,
      renderTemplate(localizeTemplate(template, pageTexts(locale)), {
        lang: locale,
        locale,
        gatewayUrl,
        scriptIntegrity,
        productName: line.name,
        productPrice: price(line.unitAmount * line.quantity),
        total: price(basketTotal()),
        payLabel: formatMessage(texts.checkout.pay, { amount: price(basketTotal()) }),
        secureNote: texts.checkout.secureNoteCard,
      }),
    );
  }

  app.get('/', async (request, reply) =>
    reply.type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Language').send(pages.get(shopperLocale(request))),
  );
  app.get('/shop.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(shopScript));

  // Every other public file as it is, from a fixed list read at start (no path from the URL
  // ever reaches the file system). The HTML templates are not served raw.
  for (const name of readdirSync(PUBLIC_DIR, { recursive: true, encoding: 'utf8' })) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(PUBLIC_DIR, name));
    const path = `/${name.split('\\').join('/')}`;
    app.get(path, async (_request, reply) => reply.type(type).header('cache-control', 'public, max-age=300').send(body));
  }
}

/** The gateway's SRI hash of embedded-fields.js, so the shop pins the build it loads. */
export async function fetchScriptIntegrity(gatewayUrl: string): Promise<string> {
  try {
    const response = await fetch(new URL('/sri.json', gatewayUrl), {
      headers: { accept: 'application/json', 'user-agent': 'northwind-demo/0.1' },
      signal: AbortSignal.timeout(3_000),
    });
    if (!response.ok) return '';
    const hashes = (await response.json()) as Record<string, unknown>;
    const hash = hashes['embedded-fields.js'];
    return typeof hash === 'string' && /^sha384-[A-Za-z0-9+/]+=*$/.test(hash) ? hash : '';
  } catch {
    return '';
  }
}
