/**
 * The built documentation site (`pnpm docs:build`, docs/.vitepress/dist), as a reader's
 * browser sees it: every page opens with no console error, no failed request and no broken
 * image. DOCS_SCREENSHOTS=<dir> also writes the home, the merchant quick start and the QA page
 * at 1280 and 390 px wide, to look at.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const DIST = fileURLToPath(new URL('../docs/.vitepress/dist', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

let server: Server;
let origin: string;

test.beforeAll(async () => {
  expect(existsSync(join(DIST, 'index.html')), 'no built site: run `pnpm docs:build` first').toBe(true);
  // A static server as a host serves the site: /merchants/ → merchants/index.html, /qa/test-cards → qa/test-cards.html.
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const candidates = [path, `${path}.html`, join(path, 'index.html')].map((candidate) => normalize(join(DIST, candidate)));
    const file = candidates.find((candidate) => candidate.startsWith(DIST) && existsSync(candidate) && !candidate.endsWith('/') && extname(candidate) !== '');
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Every built page, as its path on the site. */
function pages(): string[] {
  if (!existsSync(DIST)) return [];
  return readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && file !== '404.html')
    .map((file) => `/${relative('.', file).replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`)
    .sort();
}

test('the site has its start pages', () => {
  expect(pages()).toEqual(expect.arrayContaining(['/', '/merchants/', '/qa/', '/teams/', '/gateway-api/', '/decisions/', '/architecture/', '/performance/', '/reference/']));
});

test('every page opens with no console error, no failed request and no broken image', async ({ page }) => {
  test.setTimeout(Math.max(60_000, pages().length * 5_000));
  const problems: string[] = [];
  let current = '';
  page.on('console', (message) => void (message.type() === 'error' && problems.push(`${current}: console: ${message.text()}`)));
  page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`));
  page.on('response', (response) => void (response.status() >= 400 && problems.push(`${current}: ${response.status()} ${response.url()}`)));
  for (const path of pages()) {
    current = path;
    await page.goto(origin + path, { waitUntil: 'load' });
    await expect(page.locator('.VPContent')).toBeVisible();
    const broken = await page.locator('img').evaluateAll((images) =>
      (images as HTMLImageElement[]).filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.src),
    );
    for (const src of broken) problems.push(`${path}: broken image ${src}`);
  }
  expect(problems).toEqual([]);
});

const SCREENS = process.env.DOCS_SCREENSHOTS;
for (const width of [1280, 390]) {
  test(`screenshots at ${width} px`, async ({ page }) => {
    test.skip(!SCREENS, 'DOCS_SCREENSHOTS=<dir> writes them');
    mkdirSync(SCREENS!, { recursive: true });
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [['home', '/'], ['merchants-quick-start', '/merchants/'], ['qa', '/qa/']] as const) {
      await page.goto(origin + path);
      await page.screenshot({ path: join(SCREENS!, `${name}-${width}.png`), fullPage: name !== 'merchants-quick-start' });
      if (name === 'merchants-quick-start') await page.screenshot({ path: join(SCREENS!, `${name}-${width}-full.png`), fullPage: true });
    }
  });
}
