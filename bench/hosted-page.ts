/**
 * What the hosted payment page costs a shopper, in real Chromium against the mock gateway
 * on loopback: the bytes of everything the page loads (document, scripts, stylesheet, logo,
 * API answers; raw, gzip, brotli), and the time from navigation to an interactive card
 * field (the Card number input in the page, enabled and laid out), cold and warm. Beside
 * its floor: an empty page from the same gateway (/frames/blank), timed to its load event.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { GatewayClient } from '@payments/testing';
import { startGatewayProcess } from './gateway-process';
import { launchChromium } from '../e2e/support/chromium';

const RUNS = 10;
const GATEWAY_PORT = 4420;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOfBodies(bodies: Buffer[]): Sizes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const bytes of bodies) {
    total.raw += bytes.length;
    total.gzip += gzipSync(bytes, { level: 9 }).length;
    total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Records, in the page, the moment (ms since navigation start) the card number field is
 * first usable: present, enabled, laid out. Injected before any page script runs.
 */
const WATCH_CARD_FIELD = `(() => {
  const usable = () => {
    const input = document.querySelector('input[autocomplete="cc-number"]');
    return input && !input.disabled && input.getBoundingClientRect().height > 0;
  };
  const observer = new MutationObserver(() => {
    if (window.__cardFieldAt === undefined && usable()) {
      window.__cardFieldAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

export async function benchHostedPage() {
  const gateway = await startGatewayProcess(GATEWAY_PORT);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const client = new GatewayClient(gateway.url);
    const hostedPage = async () =>
      (
        await client.createHostedPage({
          terminal_id: 'TERM00001',
          reference: `bench-hpp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          description: 'Highland Grid Fleece',
          currency: 'EUR',
          amount: 4999,
          transaction_type: 'PURCHASE',
          success_url: 'http://127.0.0.1:9/success',
          cancel_url: 'http://127.0.0.1:9/cancel',
          error_url: 'http://127.0.0.1:9/error',
        })
      ).redirect_url;

    // Cold: a fresh context (empty HTTP cache); every response body it loads is counted.
    const context = await browser.newContext();
    await context.addInitScript(WATCH_CARD_FIELD);
    const page = await context.newPage();
    const bodies: { path: string; body: Promise<Buffer> }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== gateway.url || response.status() >= 300) return;
      bodies.push({ path: url.pathname, body: response.body() });
    });
    const cold = await timeToCardField(page, await hostedPage());
    await page.waitForLoadState('networkidle'); // the encryption key, fetched while the shopper types
    const loaded = await Promise.all(bodies.map(async ({ path, body }) => ({ path, bytes: await body })));
    await page.close();

    // Warm: the same context (scripts and styles cached for a year), a fresh session each time.
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const p = await context.newPage();
      warm.push(await timeToCardField(p, await hostedPage()));
      await p.close();
    }

    // The floor: an empty document from the same gateway, cold then warm.
    const blankContext = await browser.newContext();
    const blank: number[] = [];
    let blankBytes = 0;
    for (let i = 0; i <= RUNS; i += 1) {
      const p = await blankContext.newPage();
      const response = await p.goto(`${gateway.url}/frames/blank`, { waitUntil: 'load' });
      if (i === 0) blankBytes = (await response!.body()).length;
      blank.push((await p.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)) as number);
      await p.close();
    }

    return {
      page_loads: {
        ...sizesOfBodies(loaded.map((l) => l.bytes)),
        requests: loaded.length,
        files: loaded.map((l) => `${l.path.replace(/\/hpp\/[0-9a-f-]{36}$/, '/hpp/{session_id}').replace(/\/api\/sessions\/[0-9a-f-]{36}/, '/api/sessions/{id}')} ${l.bytes.length}`),
      },
      card_field_interactive_ms: { cold: round(cold), warm_median: round(median(warm)) },
      empty_page: { bytes: blankBytes, load_ms: { cold: round(blank[0]!), warm_median: round(median(blank.slice(1))) } },
      runs: RUNS,
    };
  } finally {
    await browser?.close();
    await gateway.stop();
  }
}

async function timeToCardField(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByLabel('Card number', { exact: true }).waitFor({ state: 'visible' });
  await page.waitForFunction(() => (window as unknown as { __cardFieldAt?: number }).__cardFieldAt !== undefined);
  return (await page.evaluate(() => (window as unknown as { __cardFieldAt: number }).__cardFieldAt)) as number;
}
