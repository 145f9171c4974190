/**
 * Split fields (issue 44) against the one-frame card, both mounted as the script loads (in
 * embedded-fields.js's own load event: bench/pages/mount.html, loadScriptThen), each on a
 * page of its own in a fresh browser context (cold), alternating which goes first, on
 * loopback and through a phone's network (support/slow-link.ts). Measured: mount() → ready,
 * and what each downloads from the gateway until ready (the first mobile run of each).
 * Targets (bench/run.ts): split ready ≤ 1.3× the one-frame card's, bytes ≤ 1.25×.
 */
import type { Browser } from '@playwright/test';
import { GatewayClient } from '@payments/testing';
import { launchChromium } from './support/chromium';
import { startGatewayProcess } from './support/gateway-process';
import { startMerchantServer } from './support/merchant-server';
import { createBenchSession } from './support/session';
import { spread, type Spread } from './support/stats';
import { waitForQuiet } from './support/quiet';
import { MOBILE_NETWORK, startSlowLink } from './support/slow-link';
import { recordWire, type WireTotal } from './support/wire';

export interface SplitPairs {
  card_ms: Spread;
  split_ms: Spread;
  /** The median split mount ÷ the median one-frame mount (the figure judged). */
  ratio_of_medians: number;
  runs: { card: number; split: number }[];
}

export interface SplitMountResult {
  loopback: SplitPairs;
  mobile_network: SplitPairs & { profile: string };
  /** Bytes on the wire until ready, cold, counted on the mobile network (first run of each). */
  wire: { card: WireTotal; split: WireTotal; ratio: number };
}

type Kind = 'card' | 'split';

export async function benchSplitMount(options: { runs: number; mobileRuns: number }): Promise<SplitMountResult> {
  const gateway = await startGatewayProcess();
  const merchant = await startMerchantServer();
  const browser = await launchChromium();
  const link = await startSlowLink(gateway.url, MOBILE_NETWORK);
  try {
    const client = new GatewayClient(gateway.url);
    const wire: Partial<Record<Kind, WireTotal>> = {};
    const once = async (kind: Kind, gatewayUrl: string, count: boolean) => {
      const { ms, counted } = await mountOnItsOwnPage(browser, merchant.origin, gatewayUrl, await createBenchSession(client, merchant.origin), kind, count);
      if (counted && !wire[kind]) wire[kind] = counted;
      return ms;
    };
    const pairs = async (n: number, gatewayUrl: string, count: boolean): Promise<SplitPairs> => {
      const runs: { card: number; split: number }[] = [];
      for (let run = 0; run < n; run += 1) {
        const order: Kind[] = run % 2 === 0 ? ['card', 'split'] : ['split', 'card'];
        const times = { card: 0, split: 0 };
        for (const kind of order) times[kind] = await once(kind, gatewayUrl, count);
        runs.push(times);
      }
      const card = spread(runs.map((r) => r.card));
      const split = spread(runs.map((r) => r.split));
      return { card_ms: card, split_ms: split, ratio_of_medians: Math.round((split.median / card.median) * 100) / 100, runs };
    };
    const loopback = await pairs(options.runs, gateway.url, false);
    const mobile = await pairs(options.mobileRuns, link.url, true);
    const counted = { card: wire.card!, split: wire.split! };
    return {
      loopback,
      mobile_network: { ...mobile, profile: MOBILE_NETWORK.name },
      wire: { ...counted, ratio: Math.round((counted.split.wire_bytes / counted.card.wire_bytes) * 100) / 100 },
    };
  } finally {
    await link.stop();
    await browser.close();
    await merchant.stop();
    await gateway.stop();
  }
}

/** One mount as the script loads, on a fresh page; with `count`, what arrived from the gateway by ready. */
async function mountOnItsOwnPage(browser: Browser, merchantOrigin: string, gatewayUrl: string, session: string, kind: Kind, count: boolean) {
  const context = await browser.newContext();
  const recording = count ? recordWire(context, gatewayUrl) : undefined;
  const page = await context.newPage();
  await page.goto(`${merchantOrigin}/mount?${new URLSearchParams({ gateway: gatewayUrl, session })}`);
  await waitForQuiet({ windowMs: 300, maxWaitMs: 5_000 });
  const ms = (await page.evaluate(`window.loadScriptThen('${kind}')`)) as number;
  let counted: WireTotal | undefined;
  if (recording) {
    const arrived = recording.arrived();
    await recording.idle();
    counted = (await recording.stopAt(arrived)).before;
  }
  await context.close();
  return { ms, counted };
}
