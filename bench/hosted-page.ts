/**
 * The hosted payment page as a shopper's browser loads it, in real Chromium against the
 * gateway: bytes on the wire of its first load (fresh browser context, everything it
 * downloads until the network is idle: the document with the session's data, its texts, its
 * stylesheet and the checkout already drawn (the first view), the page's script, the logo;
 * the paying code and the key wait for the shopper's first focus), per request;
 * navigation → interactive card field
 * (present, enabled, laid out), cold (fresh context) and warm (same context, cache primed),
 * over several runs; beside the floor, an empty page from the gateway (/frames/blank); and
 * both again, cold, through a phone's network (Lighthouse's mobile profile). Each page is
 * reached as a shopper reaches it: from the merchant's page on another site (bench/pages/
 * shop.html at http://localhost), so both pay the same cross-site navigation. (From the
 * browser's first empty tab instead, the hosted page's Cross-Origin-Opener-Policy alone cost
 * it a renderer process swap, about 170 ms here, that the empty page, with no such header,
 * did not pay; a shopper never comes from there.)
 */
import type { Page } from '@playwright/test';
import { GatewayClient, uniqueReference } from '@payments/testing';
import { launchChromium } from './support/chromium';
import { startMerchantServer } from './support/merchant-server';
import { startGatewayProcess } from './support/gateway-process';
import { waitForQuiet } from './support/quiet';
import { MOBILE_NETWORK, startSlowLink } from './support/slow-link';
import { ratioOfMedians, spread, type Spread } from './support/stats';
import { recordWire, type WireTotal } from './support/wire';

export interface HostedPageResult {
  first_load_wire: WireTotal;
  wire_bytes_per_run: number[];
  card_field_interactive_ms: { cold: Spread; warm: Spread };
  empty_page_load_ms: { cold: Spread; warm: Spread };
  /** Each cold run's navigation → interactive card field ÷ the empty page's load in the same context. */
  cold_ratio: Spread;
  /**
   * The same, cold, through a phone's network (support/slow-link.ts), each page in a fresh
   * context, alternating which goes first: judged as the median page ÷ the median empty page
   * (`ratio_of_medians`: the two share no context; embedded-fields.ts, MobilePairs), each
   * run's own ratio beside it.
   */
  mobile_network: { profile: string; card_field_interactive_ms: Spread; empty_page_load_ms: Spread; ratio_of_medians: number; ratio: Spread };
}

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

export async function benchHostedPage(options: { runs: number; mobileRuns: number }): Promise<HostedPageResult> {
  const gateway = await startGatewayProcess();
  const merchant = await startMerchantServer();
  const shop = `${merchant.origin}/shop`;
  const browser = await launchChromium();
  try {
    const client = new GatewayClient(gateway.url);
    const hostedPage = async () =>
      (
        await client.createHostedPage({
          terminal_id: 'TERM00001',
          reference: uniqueReference('bench-hpp'),
          description: 'Highland Grid Fleece',
          currency: 'EUR',
          amount: 4999,
          transaction_type: 'PURCHASE',
          success_url: 'http://localhost:9/success',
          cancel_url: 'http://localhost:9/cancel',
          error_url: 'http://localhost:9/error',
        })
      ).redirect_url;

    const cold: number[] = [];
    const warm: number[] = [];
    const blankCold: number[] = [];
    const blankWarm: number[] = [];
    const wirePerRun: number[] = [];
    let firstLoad: WireTotal | undefined;
    for (let run = 0; run < options.runs; run += 1) {
      const context = await browser.newContext();
      await context.addInitScript(WATCH_CARD_FIELD);
      const wire = recordWire(context, gateway.url, (path) => path.startsWith('/frames/blank'));
      const page = await context.newPage();
      // Alternate: the empty page before the hosted page on even runs, after it on odd ones.
      if (run % 2 === 0) blankCold.push(await loadBlank(page, shop, gateway.url));
      cold.push(await timeToCardField(page, shop, await hostedPage()));
      await wire.idle(); // the encryption key, fetched while the shopper types
      const total = await wire.stop();
      if (run % 2 === 1) blankCold.push(await loadBlank(page, shop, gateway.url));
      wirePerRun.push(total.wire_bytes);
      firstLoad ??= total;
      await page.close();
      const again = await context.newPage();
      warm.push(await timeToCardField(again, shop, await hostedPage()));
      blankWarm.push(await loadBlank(again, shop, gateway.url));
      await context.close();
    }
    // Through a phone's network: each page cold, in a fresh context of its own.
    const link = await startSlowLink(gateway.url, MOBILE_NETWORK);
    const mobile: { page: number; blank: number }[] = [];
    try {
      for (let run = 0; run < options.mobileRuns; run += 1) {
        const times = { page: 0, blank: 0 };
        for (const kind of run % 2 === 0 ? (['blank', 'page'] as const) : (['page', 'blank'] as const)) {
          const context = await browser.newContext();
          await context.addInitScript(WATCH_CARD_FIELD);
          const page = await context.newPage();
          if (kind === 'blank') times.blank = await loadBlank(page, shop, link.url);
          else times.page = await timeToCardField(page, shop, (await hostedPage()).replace(gateway.url, link.url));
          await context.close();
        }
        mobile.push(times);
      }
    } finally {
      await link.stop();
    }
    return {
      first_load_wire: firstLoad!,
      wire_bytes_per_run: wirePerRun,
      card_field_interactive_ms: { cold: spread(cold), warm: spread(warm) },
      empty_page_load_ms: { cold: spread(blankCold), warm: spread(blankWarm) },
      cold_ratio: spread(cold.map((ms, i) => ms / blankCold[i]!), 2),
      mobile_network: {
        profile: MOBILE_NETWORK.name,
        card_field_interactive_ms: spread(mobile.map((r) => r.page)),
        empty_page_load_ms: spread(mobile.map((r) => r.blank)),
        ratio_of_medians: ratioOfMedians(mobile.map((r) => ({ mount: r.page, blank: r.blank }))),
        ratio: spread(mobile.map((r) => r.page / r.blank), 2),
      },
    };
  } finally {
    await browser.close();
    await merchant.stop();
    await gateway.stop();
  }
}

/**
 * The merchant's page first: the measured navigation leaves another site, as a shopper's
 * does. Then idle CPUs, as before each card mount (embedded-fields.ts): the gateway, the
 * browser and this script share this machine's cores, and a session just written (or the
 * merchant page's own load) must not be counted against the page measured next.
 */
async function fromShop(page: Page, shop: string): Promise<void> {
  await page.goto(shop, { waitUntil: 'load' });
  await waitForQuiet({ windowMs: 300, maxWaitMs: 5_000 });
}

async function timeToCardField(page: Page, shop: string, url: string): Promise<number> {
  await fromShop(page, shop);
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByLabel('Card number', { exact: true }).waitFor({ state: 'visible' });
  await page.waitForFunction(() => (window as unknown as { __cardFieldAt?: number }).__cardFieldAt !== undefined);
  return (await page.evaluate(() => (window as unknown as { __cardFieldAt: number }).__cardFieldAt)) as number;
}

/** An empty document from the gateway, timed to its load event. */
async function loadBlank(page: Page, shop: string, gatewayUrl: string): Promise<number> {
  await fromShop(page, shop);
  await page.goto(`${gatewayUrl}/frames/blank?${Math.random()}`, { waitUntil: 'load' });
  return (await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)) as number;
}
