/**
 * `tsx e2e/screens/hpp-first-view.ts [out = docs/screens/hpp-first-view] [--before=DIR]`:
 * the hosted page's checkout at 1280 and 390 px in the four locales, first as the gateway
 * serves it (its first view, the page's script held back) and then, on the same page, once
 * the script has taken it over. Writes the after-set to `out/<locale>-<width>.png` (8-bit
 * indexed) and the before-set to `--before` (default: a temporary folder), and prints, per
 * pair, whether the two screenshots are the same pixels (what a shopper sees must not move
 * or change when the script takes over). Exits 1 when a pair differs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES, type LocaleTag } from '@payments/core';
import { startTestGateway, uniqueReference } from '@payments/testing';
import { launchChromium } from '../support/chromium';
import { holdRequests } from '../support/hold-requests';
import { HOSTED_PAGE_SCRIPT } from '../models/hosted-page';
import { decodePng } from './browser-decode';
import { encodeIndexedPng, quantize } from './indexed-png';

const args = process.argv.slice(2);
const out = args.find((arg) => !arg.startsWith('--')) ?? 'docs/screens/hpp-first-view';
const beforeDir = args.find((arg) => arg.startsWith('--before='))?.slice('--before='.length) ?? join(tmpdir(), 'hpp-first-view-before');
const WIDTHS = [1280, 390] as const;
const LANGUAGE: Record<LocaleTag, string> = { 'en-US': 'English', 'bs-BA': 'Bosanski', 'ro-RO': 'Romana', 'sv-SE': 'Svenska' };

const gateway = await startTestGateway();
const browser = await launchChromium();
const decoder = await browser.newPage();
let differing = 0;
try {
  mkdirSync(out, { recursive: true });
  mkdirSync(beforeDir, { recursive: true });
  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, locale });
      const page = await context.newPage();
      const script = await holdRequests(page, HOSTED_PAGE_SCRIPT);
      const { redirect_url: url } = await gateway.client.createHostedPage({
        terminal_id: 'TERM00001',
        reference: uniqueReference('screens-hpp'),
        description: 'Highland Grid Fleece',
        currency: 'EUR',
        amount: 4999,
        transaction_type: 'PURCHASE',
        language: LANGUAGE[locale],
        success_url: 'http://localhost:9/success',
        cancel_url: 'http://localhost:9/cancel',
        error_url: 'http://localhost:9/error',
      });
      await page.goto(url, { waitUntil: 'commit' }); // the page's script is held: wait for nothing it does
      await page.locator('#hpp-first-view input[autocomplete="cc-number"]').waitFor();
      await page.locator('.merchant-logo').evaluate((img: HTMLImageElement) => img.decode());
      const before = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'initial' });
      script.release();
      await page.locator('#hpp-first-view').waitFor({ state: 'detached' });
      const after = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'initial' });
      const name = `${locale}-${width}.png`;
      const a = await decodePng(decoder, before);
      const b = await decodePng(decoder, after);
      writeFileSync(join(beforeDir, name), encodeIndexedPng(quantize(a.width, a.height, a.rgba)));
      writeFileSync(join(out, name), encodeIndexedPng(quantize(b.width, b.height, b.rgba)));
      let changed = a.width === b.width && a.height === b.height ? 0 : -1;
      if (changed === 0) for (let i = 0; i < a.rgba.length; i += 4) if (a.rgba.subarray(i, i + 4).some((v, k) => v !== b.rgba[i + k])) changed += 1;
      if (changed !== 0) differing += 1;
      console.log(`${name}: ${changed === 0 ? 'the same pixels before and after the script' : changed < 0 ? `sizes differ (${a.width}x${a.height} → ${b.width}x${b.height})` : `${changed} pixels differ`}`);
      await context.close();
    }
  }
  console.log(`after: ${out}/, before: ${beforeDir}/`);
} finally {
  await browser.close();
  await gateway.close();
}
process.exit(differing > 0 ? 1 : 0);
