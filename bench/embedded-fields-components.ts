/**
 * What each Embedded Fields component adds to a mount, in real Chromium against the mock
 * gateway on loopback: the gateway files a mount of card, saved-card,
 * alternative-payment-method and a redirect factory's first isAvailable() load (bytes raw,
 * gzip, brotli, embedded-fields.js included), what each loads beyond a card mount, and
 * mount() → ready (warm median, HTTP cache primed).
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { GatewayClient, uniqueReference } from '@payments/testing';
import { sizesOf, type Sizes } from './embedded-fields';
import { startGatewayProcess } from './gateway-process';
import { launchChromium } from '../e2e/support/chromium';
import { startTestShop } from '../e2e/support/test-shop-process';

const RUNS = 7;
const GATEWAY_PORT = 4330;
const MERCHANT_PORT = 4390;
const dist = 'packages/embedded-fields/dist';

export interface ComponentMount {
  component: string;
  files: string[];
  loads: Sizes;
  /** Bytes this mount loads that a card mount does not. */
  adds_over_card: Sizes;
  mount_to_ready_ms: { warm_median: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The dist file behind a gateway path, when it is one of ours. */
function fileFor(path: string): string | undefined {
  if (path === '/embedded-fields.js') return join(dist, 'embedded-fields.js');
  if (path === '/frames/card') return join(dist, 'frame/card.html');
  if (path === '/frames/apm') return join(dist, 'frame/apm.html');
  if (path.startsWith('/frames/assets/')) return join(dist, 'frame', path.slice('/frames/'.length));
  return undefined;
}

export async function benchComponentMounts(): Promise<ComponentMount[]> {
  const gateway = await startGatewayProcess(GATEWAY_PORT);
  const merchant = await startTestShop(MERCHANT_PORT, 'bench/pages');
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const merchantOrigin = merchant.origin;
    const client = new GatewayClient(gateway.url);
    const session = async () =>
      (
        await client.createSession({
          terminal_id: 'TERM00001',
          reference: uniqueReference('bench'),
          description: 'bench',
          currency: 'EUR',
          amount: 1000,
          transaction_type: 'PURCHASE',
          return_url: `${merchantOrigin}/return`,
          originator_url: merchantOrigin,
        })
      ).id;
    const savedCard = { paymentMethodId: 'pm_bench', maskedPan: '400000******0002', expirationDate: '1230', cardBrand: 'VISA' };
    const cases: { component: string; config?: unknown }[] = [
      { component: 'card' },
      { component: 'saved-card', config: { componentConfig: { data: savedCard } } },
      { component: 'alternative-payment-method' },
      { component: 'factory:wallet-a-redirect' },
    ];

    const results: ComponentMount[] = [];
    let cardFiles = new Set<string>();
    for (const { component, config } of cases) {
      const context = await browser.newContext();
      const open = async () => {
        const page = await context.newPage();
        const loaded = new Set<string>();
        page.on('response', (response) => {
          const url = new URL(response.url());
          if (url.origin === gateway.url) loaded.add(url.pathname);
        });
        const query = new URLSearchParams({ gateway: gateway.url, session: await session(), component, ...(config ? { config: JSON.stringify(config) } : {}) });
        await page.goto(`${merchantOrigin}/components?${query}`);
        const mounted = (await page.evaluate('window.mountComponent()')) as { ms: number; ready: boolean };
        if (!mounted.ready) throw new Error(`${component} did not become ready`);
        // Let the frame's own requests (chunks, the session's methods) finish before counting.
        await page.waitForLoadState('networkidle');
        await page.close();
        return { ms: mounted.ms, files: [...loaded].map(fileFor).filter((f): f is string => f !== undefined) };
      };
      const cold = await open();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) times.push((await open()).ms);
      await context.close();
      if (component === 'card') cardFiles = new Set(cold.files);
      results.push({
        component: component.replace('factory:', 'factory '),
        files: cold.files.map((f) => f.replace(`${dist}/`, '')).sort(),
        loads: sizesOf(cold.files),
        adds_over_card: sizesOf(cold.files.filter((f) => !cardFiles.has(f))),
        mount_to_ready_ms: { warm_median: Math.round(median(times) * 10) / 10 },
      });
    }
    return results;
  } finally {
    await browser?.close();
    merchant.stop();
    await gateway.stop();
  }
}
