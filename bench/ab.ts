/**
 * `pnpm bench:ab <dist A> <dist B> [--runs N] [--at-once] [--mobile [--gap-ms N]]`: is build B's card
 * mount faster than build A's?
 * Two Embedded Fields builds (each a copy of packages/embedded-fields/dist), paired run by run
 * through ONE gateway: its --bundles is a symlink this script points at A or B before each
 * cold mount, so both builds meet the same gateway process, the same browser and the same
 * moment; two gateways side by side differed by 10 ms on their own (an A/A control,
 * 2026-11-25). Each run is a fresh browser context, the pair (empty iframe, card mount) on
 * idle CPUs, the builds' order and the frames' order alternating.
 *
 * Prints each build's mount, empty iframe and ratio medians (the ratio also by which frame
 * came first) and the paired difference B − A of the mount: the figure to decide by.
 *
 * `--at-once`: the card mounts in embedded-fields.js's own `load` event (the same task), on a
 * page of its own, on loopback or (with --mobile) on the mobile network.
 *
 * `--mobile`: the browser reaches the gateway through Lighthouse's mobile network
 * (support/slow-link.ts), and the card mounts `--gap-ms` (default 1000) after
 * embedded-fields.js has loaded, on a page of its own (no empty iframe beside it).
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GatewayClient } from '@payments/testing';
import { launchChromium } from './support/chromium';
import { startGatewayProcess } from './support/gateway-process';
import { startMerchantServer } from './support/merchant-server';
import { createBenchSession } from './support/session';
import { waitForQuiet } from './support/quiet';
import { startSlowLink } from './support/slow-link';
import { quantile } from './support/stats';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    runs: { type: 'string', default: '16' },
    mobile: { type: 'boolean', default: false },
    'gap-ms': { type: 'string', default: '1000' },
    'at-once': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const builds = positionals.map((dir) => resolve(dir));
if (builds.length !== 2 || !builds.every((dir) => existsSync(join(dir, 'embedded-fields.js')))) {
  throw new Error('pnpm bench:ab <dist A> <dist B>: two Embedded Fields builds (copies of packages/embedded-fields/dist)');
}
const runs = Number(values.runs);
const gapMs = Number(values['gap-ms']);
const atOnce = values['at-once'];

const link = join(mkdtempSync(join(tmpdir(), 'bench-ab-')), 'dist');
const serve = (dir: string) => {
  if (existsSync(link)) unlinkSync(link);
  symlinkSync(dir, link);
};
serve(builds[0]!);
const gateway = await startGatewayProcess({ bundles: link });
const slowLink = values.mobile ? await startSlowLink(gateway.url) : undefined;
const gatewayUrl = slowLink?.url ?? gateway.url;
const merchant = await startMerchantServer();
const browser = await launchChromium();
const client = new GatewayClient(gateway.url);
const results = builds.map(() => [] as { mount: number; blank: number; blankFirst: boolean }[]);
try {
  // Run 0 warms the gateway (its first frame document) and is not counted.
  for (let run = 0; run <= runs; run += 1) {
    const blankFirst = Math.floor(run / 2) % 2 === 0;
    for (const which of run % 2 === 0 ? [0, 1] : [1, 0]) {
      serve(builds[which]!);
      const session = await createBenchSession(client, merchant.origin, 'ab');
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${merchant.origin}/mount?${new URLSearchParams({ gateway: gatewayUrl, session })}`);
      if (slowLink || atOnce) await waitForQuiet({ windowMs: 300, maxWaitMs: 5_000 });
      if (atOnce) {
        // Mounted in the script's load event, on a page of its own.
        const mount = (await page.evaluate("window.loadScriptThen('card')")) as number;
        if (run > 0) results[which]!.push({ mount, blank: NaN, blankFirst });
        await context.close();
        continue;
      }
      await page.evaluate('window.loadScript()');
      if (slowLink) await page.waitForTimeout(gapMs);
      else await waitForQuiet({ windowMs: 300, maxWaitMs: 5_000 });
      const withBlank = !slowLink;
      const blankBefore = withBlank && blankFirst ? ((await page.evaluate('window.loadBlank()')) as number) : 0;
      const mount = (await page.evaluate('window.mountCard()')) as number;
      const blank = withBlank && !blankFirst ? ((await page.evaluate('window.loadBlank()')) as number) : blankBefore;
      if (run > 0) results[which]!.push({ mount, blank, blankFirst });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await merchant.stop();
  await slowLink?.stop();
  await gateway.stop();
  rmSync(join(link, '..'), { recursive: true, force: true });
}

const median = (xs: number[]) => Math.round(quantile(xs, 0.5) * 100) / 100;
builds.forEach((dir, i) => {
  const rows = results[i]!;
  const ratio = (r: { mount: number; blank: number }) => r.mount / r.blank;
  console.log(
    `${'AB'[i]} ${dir}: mount ${median(rows.map((r) => r.mount))} ms${
      atOnce
        ? ` (${slowLink ? 'mobile network' : 'loopback'}, mounted in the script's load event; ${rows.length} runs)`
        : slowLink
        ? ` (mobile network, mounted ${gapMs} ms after the script; ${rows.length} runs)`
        : `, empty iframe ${median(rows.map((r) => r.blank))} ms, ratio ${median(rows.map(ratio))} (empty iframe first ${median(rows.filter((r) => r.blankFirst).map(ratio))}, card first ${median(rows.filter((r) => !r.blankFirst).map(ratio))}; ${rows.length} runs)`
    }`,
  );
});
const paired = results[1]!.map((b, i) => b.mount - results[0]![i]!.mount);
console.log(`B − A, mount, paired run by run: median ${median(paired)} ms (p25 ${median([quantile(paired, 0.25)])}, p75 ${median([quantile(paired, 0.75)])})`);
