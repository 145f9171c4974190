/**
 * Split fields (issue 44) against the one-frame card, both mounted as the script loads (in
 * embedded-fields.js's own load event: bench/pages/mount.html, loadScriptThen), each on a
 * page of its own in a fresh browser context (cold), alternating which goes first, on
 * loopback and through a phone's network (support/slow-link.ts). Measured: mount() → ready,
 * and what each downloads from the gateway until ready (the first mobile run of each).
 * Targets (bench/run.ts): split ready ≤ 1.3× the one-frame card's, bytes ≤ 1.25×.
 *
 * Beside them, the floor (reported, not judged): three empty gateway iframes appended at once
 * against one, the same way and on loopback. Each cross-site frame costs the browser a frame,
 * a navigation and a document in the gateway's renderer, whatever it holds: split fields pay
 * that three times (docs/performance/index.md, "Split fields: three frames").
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

/** Three empty gateway iframes against one, appended as the script loads (loopback). */
export interface FramesFloor {
  one_ms: Spread;
  three_ms: Spread;
  /** The median of three ÷ the median of one. */
  ratio_of_medians: number;
  /** The median of three empty iframes ÷ the median one-frame card of the same run. */
  three_over_card: number;
  /** The median split mount ÷ the median of three empty iframes. */
  split_over_three: number;
}

export interface SplitMountResult {
  loopback: SplitPairs;
  floor: FramesFloor;
  mobile_network: SplitPairs & { profile: string };
  /** Bytes on the wire until ready, cold, counted on the mobile network (first run of each). */
  wire: { card: WireTotal; split: WireTotal; ratio: number };
}

type Kind = 'card' | 'split' | 'blank' | 'blank3';

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
        const order = run % 2 === 0 ? (['card', 'split'] as const) : (['split', 'card'] as const);
        const times = { card: 0, split: 0 };
        for (const kind of order) times[kind] = await once(kind, gatewayUrl, count);
        runs.push(times);
      }
      const card = spread(runs.map((r) => r.card));
      const split = spread(runs.map((r) => r.split));
      return { card_ms: card, split_ms: split, ratio_of_medians: Math.round((split.median / card.median) * 100) / 100, runs };
    };
    const loopback = await pairs(options.runs, gateway.url, false);
    const floor: { one: number; three: number }[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const times = { one: 0, three: 0 };
      for (const kind of run % 2 === 0 ? (['blank', 'blank3'] as const) : (['blank3', 'blank'] as const)) times[kind === 'blank' ? 'one' : 'three'] = await once(kind, gateway.url, false);
      floor.push(times);
    }
    const mobile = await pairs(options.mobileRuns, link.url, true);
    const counted = { card: wire.card!, split: wire.split! };
    const one = spread(floor.map((r) => r.one));
    const three = spread(floor.map((r) => r.three));
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return {
      loopback,
      floor: {
        one_ms: one,
        three_ms: three,
        ratio_of_medians: ratio(three.median, one.median),
        three_over_card: ratio(three.median, loopback.card_ms.median),
        split_over_three: ratio(loopback.split_ms.median, three.median),
      },
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
