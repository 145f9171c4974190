/**
 * `pnpm screens`: every page a shopper sees, in the four locales, as small PNGs for review.
 * Starts the real mock gateway (a port of its own) and the demo shop (a free port), drives
 * real Chromium at a phone-ish 480 px width with the browser's language set to each locale
 * (so the gateway's own pages pick it from browser_info.language or Accept-Language as they
 * would for a shopper), and writes docs/screens/<locale>/<page>.png (8-bit indexed, see
 * indexed-png.ts) and docs/screens/README.md.
 *
 * While capturing, each page's visible text (with its frames') is checked: no UUID, no
 * processing code, no raw status word. A finding is printed and the run exits 1.
 *
 * Usage: pnpm screens [out-dir = docs/screens] [--locale=sv-SE]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type Frame, type Locator, type Page } from '@playwright/test';
import { LOCALES, gatewayPageTexts, messages, type LocaleTag } from '@payments/core';
import { startTestGateway, type TestGateway } from '@payments/testing';
import { cardFieldLabels, fillCard } from '@payments/testing/playwright';
import { shopTexts } from '@payments/demo/shared/i18n';
import { startDemo, type RunningDemo } from '@payments/demo/server';
import { launchChromium } from '../support/chromium';
import { SCREENS, type ScreenName } from './catalog';
import { decodePng } from './browser-decode';
import { encodeIndexedPng, quantize } from './indexed-png';
import { writeIndex } from './readme';
import { APM_FRAME_SELECTOR } from '../models/alternative-methods-page';

const args = process.argv.slice(2);
const out = args.find((arg) => !arg.startsWith('--')) ?? 'docs/screens';
const only = args.find((arg) => arg.startsWith('--locale='))?.slice('--locale='.length);
const WIDTH = 480;
const HEIGHT = 860;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const STATUS_WORD = /\b(APPROVED|DECLINED|CANCELED|CANCELLED|PENDING|FAILED|EXPIRED|VOIDED|CREATED)\b/;
const PROCESSING_CODE = /\b(TRX_[A-Z_]+|INVALID_REQUEST_[A-Z_]+|processing code)\b/i;

const findings: string[] = [];
const sizes: { locale: LocaleTag; screen: ScreenName; bytes: number }[] = [];

/** What the shopper reads on the page and in its frames. */
async function visibleText(page: Page): Promise<string> {
  const texts = await Promise.all(
    page.frames().map((frame: Frame) => frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')),
  );
  const dialogs = await page
    .evaluate(() => [...document.querySelectorAll('[data-embedded-fields="challenge"]')].map((host) => (host.shadowRoot as ShadowRoot | null)?.textContent ?? ''))
    .catch(() => [] as string[]);
  return [...texts, ...dialogs].join('\n');
}

/**
 * Resolves once each frame of `page` (cross-origin ones in their own processes too) has drawn
 * two frames. A frame that is not rendered (a hidden 3-D Secure method iframe) never draws:
 * it is given up on after a second.
 */
async function paintedEverywhere(page: Page): Promise<void> {
  const twoFrames = () =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, 1000);
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    });
  await Promise.all(page.frames().map((frame) => frame.evaluate(twoFrames).catch(() => undefined)));
}

class Camera {
  constructor(
    private readonly decoder: Page,
    private readonly locale: LocaleTag,
  ) {}

  async shot(page: Page, screen: ScreenName, target?: Locator): Promise<void> {
    if (target) await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    // Cross-origin frames paint what scrolled or grew into view in their own process: wait
    // until every frame of the page has drawn twice since.
    await paintedEverywhere(page);
    // Demo text outside the shopper's part (the QA scenario panel, developer details) is the developer's.
    const text = (await visibleText(page)).split(/Testing this shop|Developer details/)[0]!;
    for (const [name, pattern] of [['UUID', UUID], ['status word', STATUS_WORD], ['processing code', PROCESSING_CODE]] as const) {
      const match = pattern.exec(text);
      if (match) findings.push(`${this.locale}/${screen}: ${name} "${match[0]}" shown to the shopper`);
    }
    // The demo's QA panel (test cards, developer details) is the tester's, in English, never a
    // shopper's: hidden through CSSOM (the shop's CSP refuses injected stylesheets).
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('section.qa').forEach((qa) => (qa.style.display = 'none')));
    const png = await page.screenshot({ animations: 'disabled', caret: 'initial' });
    const { width, height, rgba } = await decodePng(this.decoder, png);
    const small = encodeIndexedPng(quantize(width, height, rgba));
    mkdirSync(join(out, this.locale), { recursive: true });
    writeFileSync(join(out, this.locale, `${screen}.png`), small);
    sizes.push({ locale: this.locale, screen, bytes: small.length });
  }
}

interface Setup {
  browser: Browser;
  gateway: TestGateway;
  demo: RunningDemo;
}

async function capture({ browser, gateway, demo }: Setup, locale: LocaleTag): Promise<void> {
  const context = await browser.newContext({ locale, viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const camera = new Camera(await context.newPage(), locale);
  const shop = shopTexts(locale);
  const labels = cardFieldLabels(locale);
  const words = gatewayPageTexts(locale);
  const bankNetwork = messages(locale).alternativeMethods.bankNetwork;
  const card = page.locator('#card-element iframe').first().contentFrame();
  const apm = page.locator(APM_FRAME_SELECTOR).contentFrame();
  const result = page.locator('#result');

  const open = async (scenario?: string) => {
    await page.goto(demo.url);
    await page.locator('#locale').selectOption(locale);
    if (scenario) await page.locator('#scenario').selectOption(scenario);
    await card.getByLabel(labels.number, { exact: true }).waitFor();
    await page.getByLabel(shop.page.firstName, { exact: true }).fill('Ana');
    await page.getByLabel(shop.page.lastName, { exact: true }).fill('Kovač');
    await page.getByLabel(shop.page.email, { exact: true }).fill('ana@example.com');
    await page.getByLabel(shop.page.phone, { exact: true }).fill('+38761123456');
    await page.getByLabel(shop.page.country, { exact: true }).selectOption('BA');
  };
  const pay = () => page.locator('#pay-button').click();
  const payWith = async (number: string) => {
    await fillCard(card, { number, holderName: 'Ana Kovač' }, labels);
    await pay();
  };
  const otherMethod = async (name: string) => {
    await page.getByRole('radio', { name: new RegExp(`^${shop.methods.other}`) }).check();
    // Again until it holds: the list may still be rendering its methods when first clicked.
    const radio = apm.getByRole('radio', { name, exact: true });
    await expect(async () => {
      await radio.check({ timeout: 2_000 });
      await expect(radio).toBeChecked({ timeout: 1_000 });
    }).toPass();
    await pay();
    await page.getByRole('button', { name: words.abandon, exact: true }).waitFor();
  };

  try {
    await open();
    await camera.shot(page, 'demo-checkout', page.locator('#payment-heading'));
    await pay();
    await card.locator('[aria-invalid="true"]').first().waitFor();
    await camera.shot(page, 'demo-card-errors', page.locator('#payment-heading'));
    await fillCard(card, { number: '4000000000000002', holderName: 'Ana Kovač' }, labels);
    await pay();
    await page.locator('.result-approved').waitFor();
    await camera.shot(page, 'demo-approved', result);

    await open();
    await payWith('4000000000000044');
    await page.locator('.result-declined').waitFor();
    await camera.shot(page, 'demo-declined', result);

    await open('VERSIONING_FINGERPRINT_Y_CHALLENGE');
    await payWith('4111111111111111');
    const acs = page.getByRole('dialog').locator('iframe').contentFrame();
    await acs.getByRole('button', { name: words.approve, exact: true }).waitFor();
    // The issuer's cross-origin frame in the top layer paints after it is laid out (the shot waits for it).
    await camera.shot(page, 'challenge');
    await acs.getByRole('button', { name: words.approve, exact: true }).click();
    await page.locator('.result-approved').waitFor();

    await open();
    await payWith('4000000000000010');
    await page.getByRole('button', { name: words.approve, exact: true }).waitFor();
    await camera.shot(page, 'acs-redirect');
    await page.getByRole('button', { name: words.approve, exact: true }).click();
    await page.waitForURL(/\/return\?/);
    await camera.shot(page, 'demo-return');

    await open();
    await otherMethod('Wallet A');
    await camera.shot(page, 'provider');
    await page.getByRole('button', { name: words.abandon, exact: true }).click();
    await page.waitForURL(/\/return\?/);
    await camera.shot(page, 'provider-abandoned');

    await open();
    await otherMethod(bankNetwork);
    await page.getByRole('button', { name: words.abandon, exact: true }).click();
    await page.waitForURL(/\/return\?/);
    await camera.shot(page, 'provider-bank-abandoned');

    await open('order-in-pln');
    await otherMethod('BLIK');
    await camera.shot(page, 'provider-blik');

    await open();
    await page.getByRole('button', { name: shop.page.hostedButton }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel(labels.number, { exact: true }).waitFor();
    await camera.shot(page, 'hpp-pay');
    await fillCard(page, { number: '4000000000000044' }, labels);
    await page.getByRole('button', { name: /49[.,]99/ }).click();
    await page.getByRole('alert').waitFor();
    await camera.shot(page, 'hpp-declined');
    await page.getByLabel(labels.number, { exact: true }).fill('4000000000000002');
    await page.getByRole('button', { name: /49[.,]99/ }).click();
    await page.locator('a[href$="/return"]').waitFor();
    await camera.shot(page, 'hpp-success');

    await open();
    await page.getByRole('button', { name: shop.page.hostedButton }).click();
    await page.locator('a[href$="/cancel"]').click();
    await page.waitForURL(/\/checkout\/hosted\/cancel/);
    await camera.shot(page, 'hpp-cancel');

    // The hosted page shows the result a few seconds, then returns to the shop by itself.
    await open();
    await page.getByRole('button', { name: shop.page.hostedButton }).click();
    await page.getByRole('radio', { name: bankNetwork, exact: true }).check();
    await page.getByRole('button', { name: new RegExp(bankNetwork) }).click();
    await page.getByRole('button', { name: words.abandon, exact: true }).click();
    await page.locator('a[href$="/return"]').waitFor();
    await camera.shot(page, 'hpp-bank-pending');

    await page.goto(`${gateway.url}/hpp/00000000-no-such-session`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await camera.shot(page, 'hpp-invalid');
  } catch (error) {
    await page.screenshot({ path: join('test-results', `screens-failed-${locale}.png`) }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const locales = LOCALES.filter((locale) => !only || locale === only);
  for (const locale of locales) rmSync(join(out, locale), { recursive: true, force: true });
  const gateway = await startTestGateway();
  const demo = await startDemo({ port: 0, gatewayUrl: gateway.url, acsUrl: gateway.acsUrl });
  gateway.running.ctx.webhooks.setUrl(`${demo.url}/webhooks`);
  const browser = await launchChromium();
  try {
    for (const locale of locales) {
      await capture({ browser, gateway, demo }, locale);
      console.log(`screens: ${locale} done`);
    }
  } finally {
    await browser.close();
    await demo.close();
    await gateway.close();
  }
  writeIndex(out, sizes, SCREENS);
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const largest = Math.max(...sizes.map(({ bytes }) => bytes));
  console.log(`screens: ${sizes.length} PNGs in ${out}, ${Math.round(total / 1024)} kB in all, the largest ${Math.round(largest / 1024)} kB`);
  if (findings.length > 0) {
    console.error(`screens: shown to the shopper where it should not be:\n  ${findings.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
