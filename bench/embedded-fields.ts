/**
 * What a card mount costs a merchant page, in real Chromium against the mock gateway on
 * loopback: bytes (raw, gzip, brotli) of embedded-fields.js and of everything a mount
 * loads; mount() → ready; keystroke → onChange; submitPayment → callback for the
 * frictionless card. Each beside its floor: an empty iframe from the same gateway, and a
 * plain <input> on the merchant page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { GatewayClient } from '@payments/testing';
import { startGatewayProcess } from './gateway-process';
import { launchChromium } from '../e2e/support/chromium';
import { startTestShop } from '../e2e/support/test-shop-process';

const RUNS = 10;
const MERCHANT_PORT = 4380;
const dist = 'packages/embedded-fields/dist';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizesOf(files: string[]): Sizes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(file);
    total.raw += bytes.length;
    total.gzip += gzipSync(bytes, { level: 9 }).length;
    total.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;

export async function benchEmbeddedFields() {
  const gateway = await startGatewayProcess(4320);
  const merchant = await startTestShop(MERCHANT_PORT, 'bench/pages');
  const browser = await launchChromium();
  try {
    const client = new GatewayClient(gateway.url);
    const merchantOrigin = merchant.origin;
    const session = async () =>
      (
        await client.createSession({
          terminal_id: 'TERM00001',
          reference: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          description: 'bench',
          currency: 'EUR',
          amount: 1000,
          transaction_type: 'PURCHASE',
          return_url: `${merchantOrigin}/return`,
          originator_url: merchantOrigin,
        })
      ).id;

    // What a mount loads from the gateway, as the browser fetched it.
    const context = await browser.newContext();
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === gateway.url) loaded.add(url.pathname);
    });
    await openBench(page, merchantOrigin, gateway.url, await session());
    const cold = (await page.evaluate('window.mountCard()')) as { scriptMs: number; mountMs: number };
    const mountFiles = [...loaded].map((path) => fileFor(path)).filter((f): f is string => f !== undefined);

    // Warm mounts (HTTP cache primed), each in a fresh page.
    const mountMs: number[] = [];
    const blankMs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const p = await context.newPage();
      await openBench(p, merchantOrigin, gateway.url, await session());
      blankMs.push((await p.evaluate('window.loadBlank()')) as number);
      mountMs.push(((await p.evaluate('window.mountCard()')) as { mountMs: number }).mountMs);
      await p.close();
    }

    // Keystroke → onChange, beside a plain input's keystroke → input event. onChange fires
    // when the state changes, so the keystrokes measured are the ones that change it: the
    // first digit (empty → typing) and the last (incomplete → valid).
    const card = page.frameLocator('iframe[title="Secure card payment"]').getByLabel('Card number');
    const keyMs: number[] = [];
    const pressAndWait = async (key: string) => {
      const before = (await page.evaluate('window.bench.changes.length')) as number;
      const t0 = Date.now();
      await page.keyboard.press(key);
      await page.waitForFunction((n) => (window as unknown as { bench: { changes: number[] } }).bench.changes.length > n, before);
      return ((await page.evaluate(`window.bench.changes[${before}]`)) as number) - t0;
    };
    for (let i = 0; i < RUNS; i += 1) {
      await card.fill('');
      await card.click();
      keyMs.push(await pressAndWait('4'));
      await card.fill('400000000000000');
      await card.press('End');
      keyMs.push(await pressAndWait('2'));
    }
    const plainMs: number[] = [];
    await page.getByLabel('Plain input').click();
    for (const digit of '40000000000000024000') {
      const before = (await page.evaluate('window.bench.plainInputs.length')) as number;
      const t0 = Date.now();
      await page.keyboard.press(digit);
      await page.waitForFunction((n) => (window as unknown as { bench: { plainInputs: number[] } }).bench.plainInputs.length > n, before);
      plainMs.push(((await page.evaluate(`window.bench.plainInputs[${before}]`)) as number) - t0);
    }

    // submitPayment → callback, frictionless card, fresh sessions.
    const submitMs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const p = await context.newPage();
      await openBench(p, merchantOrigin, gateway.url, await session());
      await p.evaluate('window.mountCard()');
      const frame = p.frameLocator('iframe[title="Secure card payment"]');
      await frame.getByLabel('Card number').fill('4000000000000002');
      await frame.getByLabel('Expiry date').fill('12 / 34');
      await frame.getByLabel('CVV').fill('123');
      await p.getByRole('button', { name: 'Pay' }).click();
      await p.waitForFunction(() => (window as unknown as { bench: { submit?: unknown } }).bench.submit !== undefined);
      const result = (await p.evaluate('window.bench.submit')) as { ms: number; approved: boolean };
      if (!result.approved) throw new Error('bench payment was not approved');
      submitMs.push(result.ms);
      await p.close();
    }

    return {
      script: sizesOf([join(dist, 'embedded-fields.js')]),
      card_mount: { ...sizesOf(mountFiles), files: mountFiles.map((f) => f.replace(`${dist}/`, '')) },
      mount_to_ready_ms: { cold: round(cold.mountMs), warm_median: round(median(mountMs)) },
      empty_iframe_ms: { warm_median: round(median(blankMs)) },
      keystroke_to_onchange_ms: { median: round(median(keyMs)), max: round(Math.max(...keyMs)) },
      plain_input_keystroke_ms: { median: round(median(plainMs)) },
      submit_to_callback_ms: { frictionless_median: round(median(submitMs)) },
      runs: RUNS,
    };
  } finally {
    await browser.close();
    merchant.stop();
    await gateway.stop();
  }
}

/** The dist file behind a gateway path, when it is one of ours. */
function fileFor(path: string): string | undefined {
  if (path === '/embedded-fields.js') return join(dist, 'embedded-fields.js');
  if (path === '/frames/card') return join(dist, 'frame/card.html');
  if (path.startsWith('/frames/assets/')) return join(dist, 'frame', path.slice('/frames/'.length));
  return undefined;
}

async function openBench(page: Page, merchantOrigin: string, gatewayUrl: string, sessionId: string): Promise<void> {
  await page.goto(`${merchantOrigin}/mount?${new URLSearchParams({ gateway: gatewayUrl, session: sessionId })}`);
}
