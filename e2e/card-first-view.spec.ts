/**
 * A card mounted as embedded-fields.js loads comes drawn in its frame's document (#30): the
 * gateway draws the new-card form from the configuration the script sends, and a one-line
 * script in the document reports it ready, before the frame's module has run. The module then
 * takes the form over, keeping what the shopper did meanwhile.
 *
 * To show the form before the module, the tests serve the frame's document with its inline
 * module moved to a file (`page.route`), held until `release()`: the document is otherwise
 * the gateway's, headers and CSP included.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { developerTest as test } from './fixtures/developer';
import { lastChange } from './models/developer-page';
import { expectNoAxeViolations } from './support/axe';


/** The held module's URL: same origin as the frame, so its CSP (`script-src 'self'`) allows it. */
const HELD_MODULE = '/frames/assets/held-card-module.js';

/**
 * Serves the card frame's document with its inline module moved to HELD_MODULE, whose
 * response waits for `release()`. `documents`: each served document, as the gateway sent it.
 */
async function holdFrameModule(page: Page, gatewayUrl: string): Promise<{ release: () => void; documents: string[]; moduleAsked: () => number }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let module = '';
  const documents: string[] = [];
  let moduleAsked = 0;
  await page.route(`${gatewayUrl}${HELD_MODULE}`, async (route) => {
    moduleAsked += 1;
    await released;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: module });
  });
  await page.route(/\/frames\/card\?/, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    documents.push(html);
    const inline = /<script type="module">([\s\S]*?)<\/script>/.exec(html);
    if (!inline) return route.fulfill({ response, body: html });
    module = inline[1]!;
    await route.fulfill({ response, body: html.replace(inline[0], () => `<script type="module" src="${HELD_MODULE}"></script>`) });
  });
  return { release, documents, moduleAsked: () => moduleAsked };
}

test('mounted as the script loads: the form comes drawn in the document, ready and usable before the frame’s module has run', async ({ page, developer, gatewayUrl, createSession }) => {
  const held = await holdFrameModule(page, gatewayUrl);
  await developer.open((await createSession()).id, { waitUntil: 'commit' }); // waits for ready: the module is still held (the frame has not loaded)
  expect(held.documents).toHaveLength(1);
  expect(held.documents[0]).toContain('<ef-card-form id="ef-first-view" data-first-view>');

  await expect(developer.field('number')).toBeEditable();
  await expect(developer.field('expiry')).toBeEditable();
  await expect(developer.field('cvv')).toBeEditable();
  await expect(developer.field('number')).toHaveCSS('font-size', '16px'); // styled by the document's own stylesheet
  const frame = page.locator('#card iframe');
  const box = await frame.boundingBox();
  expect(box!.height).toBeGreaterThan(100); // the ready report's height: the form is not cut off
  const before = await frame.screenshot();

  held.release();
  // Taken over: the frame's own form, drawn the same, in the same place.
  await expect(page.frameLocator('#card iframe').locator('[data-first-view]')).toHaveCount(0);
  await expect(page.frameLocator('#card iframe').locator('ef-card-form')).toHaveCount(1);
  // At once: nothing blinks or moves as the frame's own form takes the place of the first view.
  expect(await frame.screenshot()).toEqual(before);
  expect(await frame.boundingBox()).toEqual(box);

  // And it is the working form: a card typed now is formatted and reported as ever.
  await developer.field('number').pressSequentially('4242424242424242');
  await expect(developer.field('number')).toHaveValue('4242 4242 4242 4242');
  await expect.poll(async () => lastChange((await developer.events()).log)?.fields.number?.complete).toBe(true);
});

test('what the shopper typed before the take-over stays: formatted, judged, reported, and the focus and caret where they were', async ({ page, developer, gatewayUrl, createSession }) => {
  const held = await holdFrameModule(page, gatewayUrl);
  await developer.open((await createSession()).id, { waitUntil: 'commit' });

  await developer.field('number').click();
  await developer.field('number').pressSequentially('4242424242424242');
  await developer.field('expiry').click();
  await developer.field('expiry').pressSequentially('12');
  // The first view has no rules: the keys stay as typed.
  await expect(developer.field('number')).toHaveValue('4242424242424242');
  expect(lastChange((await developer.events()).log)).toBeUndefined(); // nothing reported yet: the module is held

  held.release();
  await expect(developer.field('number')).toHaveValue('4242 4242 4242 4242');
  await expect(developer.field('expiry')).toHaveValue('12 / ');
  await expect(developer.field('expiry')).toBeFocused();
  await expect(page.frameLocator('#card iframe').locator('[data-first-view]')).toHaveCount(0);
  const { log } = await developer.events((l) => lastChange(l.log)?.fields.number?.complete === true);
  expect(lastChange(log)).toMatchObject({ brand: 'visa', fields: { number: { complete: true, valid: true }, expiry: { empty: false, complete: false } } });

  // The shopper goes on typing where they were.
  await page.keyboard.type('30');
  await expect(developer.field('expiry')).toHaveValue('12 / 30');
  await expect(developer.field('cvv')).toBeFocused();
  await page.keyboard.type('123');
  await expect.poll(async () => lastChange((await developer.events()).log)?.valid).toBe(true);
});

test('a merchant’s theme and translations are in the first view as the frame would draw them; hostile values stay text or are dropped', async ({ page, developer, gatewayUrl, createSession }) => {
  const held = await holdFrameModule(page, gatewayUrl);
  await developer.open((await createSession()).id, {
    waitUntil: 'commit',
    config: {
      theme: { colors: { text: '#aa0000' } },
      translations: { 'en-US': { 'card.number.label': '<img src=x onerror="window.top.pwned=1">Card' } },
    },
  });
  const label = page.frameLocator('#card iframe').locator('label').first();
  await expect(label).toHaveText('<img src=x onerror="window.top.pwned=1">Card');
  await expect(page.frameLocator('#card iframe').locator('img')).toHaveCount(0);
  await expect(page.frameLocator('#card iframe').locator('input').first()).toHaveCSS('color', 'rgb(170, 0, 0)');
  const before = await page.locator('#card iframe').screenshot();
  held.release();
  await expect(page.frameLocator('#card iframe').locator('[data-first-view]')).toHaveCount(0);
  expect(await page.locator('#card iframe').screenshot()).toEqual(before);
});

test('the first view itself, before the frame’s module, passes axe-core (WCAG 2.2 A/AA)', async ({ page, developer, gatewayUrl, createSession }) => {
  const held = await holdFrameModule(page, gatewayUrl);
  await developer.open((await createSession()).id, { waitUntil: 'commit', locale: 'ro-RO' });
  await expect(page.frameLocator('#card iframe').locator('[data-first-view]')).toHaveCount(1);
  await expect(page.frameLocator('#card iframe').locator('html')).toHaveAttribute('lang', 'ro-RO');
  await expectNoAxeViolations(page, { include: '#card' });
  held.release();
});

test('a configuration too long for a URL (many translations) rides in the fragment: the frame draws it, as before', async ({ page, developer, gatewayUrl, createSession }) => {
  const held = await holdFrameModule(page, gatewayUrl);
  const long = (n: number) => `${'Număr '.repeat(30)}${n}`.slice(0, 200);
  const translations = Object.fromEntries(
    (['en-US', 'bs-BA', 'ro-RO', 'sv-SE'] as const).map((locale, i) => [locale, { 'card.number.label': long(i), 'card.expiry.label': long(i + 4), 'card.cvv.label': long(i + 8), 'card.number.placeholder': long(i + 12), 'card.expiry.placeholder': long(i + 16) }]),
  );
  await developer.open((await createSession()).id, { waitUntil: 'commit', waitReady: false, config: { translations } });
  await expect.poll(() => held.documents.length).toBe(1);
  expect(held.documents[0]).not.toContain('<ef-card-form id="ef-first-view"'); // nothing drawn by the gateway
  const src = await page.locator('#card iframe').getAttribute('src');
  expect(new URL(src!).searchParams.get('config')).toBeNull();
  expect(new URL(src!).hash).toMatch(/^#config=/);
  // Not ready until the frame's module has drawn it: the document is parsed, its module held.
  await expect.poll(held.moduleAsked).toBe(1);
  await expect(page.locator('body')).not.toHaveAttribute('data-ready', 'true');
  held.release();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.frameLocator('#card iframe').locator('label').first()).toHaveText(long(0));
});
