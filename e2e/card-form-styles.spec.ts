/**
 * The card form's stylesheet travels once (issue 44's bytes): a new card's document brings it
 * with the gateway's first view, and the frame's entry carries none of it (held by
 * packages/embedded-fields/src/secure/card-frame-styles.test.ts on the build); a document
 * without a first view (a saved card's CVV, a new card the gateway did not draw) loads it as
 * a chunk of its own before the form is drawn. Either way the form looks the same, from the
 * moment it is ready, and the merchant's theme applies to it, at mount and by update().
 * The style allow-list travels the same way: a first view's document takes the properties the
 * gateway passed through it, and loads the allow-list's chunk only for update(); a document
 * without one loads it beside the stylesheet, when the merchant gave styles.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CheckoutPage } from './models/checkout-page';
import { DeveloperPage } from './models/developer-page';
import { SavedCardPage } from './models/saved-card-page';

/** The stylesheets' chunk (card-form-stylesheets-<hash>.js). */
const STYLESHEETS = /\/frames\/assets\/card-form-stylesheets-[\w-]{8}\.js$/;

/** The style allow-list's chunk (style-allow-list-<hash>.js). */
const ALLOW_LIST = /\/frames\/assets\/style-allow-list-[\w-]{8}\.js$/;

/** How many times the frames have asked for the stylesheets' chunk (or another's, by `chunk`). */
function countStylesheetRequests(page: Page, chunk = STYLESHEETS): () => number {
  let asked = 0;
  page.on('request', (request) => {
    if (chunk.test(new URL(request.url()).pathname)) asked += 1;
  });
  return () => asked;
}

/** A merchant's styles: allowed ones, and unsafe values the allow-list refuses (the field keeps its default). */
const STYLES = {
  '--ef-color-text': '#aa0000',
  '--ef-radius': '10px',
  '--ef-color-background': 'url(https://evil.example/x.png)',
  '--ef-font-weight': '700;color:red',
};

/** What a field looks like: the input's and its label's computed styles, and the frame document's body margin. */
function lookOf(field: Locator) {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const label = getComputedStyle(input.labels![0]!);
    const read = (s: CSSStyleDeclaration, names: string[]) => Object.fromEntries(names.map((name) => [name, s.getPropertyValue(name)]));
    return {
      input: read(style, ['border-radius', 'padding', 'font-family', 'font-size', 'font-weight', 'font-variant-numeric', 'color', 'background-color', 'border', 'box-shadow', 'min-height', 'letter-spacing']),
      label: read(label, ['font-size', 'font-weight', 'color', 'margin-bottom']),
      body: getComputedStyle(document.body).margin,
    };
  });
}

const nextYear = new Date().getFullYear() + 1;

test('a saved card’s CVV (no first view): the stylesheet comes as a chunk before ready, and the field looks as a new card’s', async ({ page, merchantOrigin, gatewayUrl, gateway, createSession }) => {
  const stylesheetRequests = countStylesheetRequests(page);
  const checkout = new CheckoutPage(page, merchantOrigin, gatewayUrl);
  await checkout.open((await createSession()).id); // a new card: drawn by the gateway, its stylesheet in the document
  const drawn = await lookOf(checkout.cardField('cvv'));
  expect(drawn.input).toMatchObject({ 'border-radius': '6px', padding: '11px 54px 11px 12px', 'font-size': '16px' }); // room on the right for the CVV's mark
  expect(drawn.body).toBe('0px');
  expect(stylesheetRequests()).toBe(0);

  const customerId = (await gateway.createCustomer()).id;
  const card = await gateway.saveCard(customerId, { number: '4000000000000002', month: '12', year: String(nextYear) });
  const shop = new SavedCardPage(page, merchantOrigin, gatewayUrl);
  await shop.openSavedCard((await createSession({ customer: { id: customerId } })).id, card);
  // Read once, as ready: never drawn unstyled.
  expect(await lookOf(shop.cvv())).toEqual(drawn);
  expect(stylesheetRequests()).toBe(1);
});

test('a new card the gateway did not draw (its configuration too long for the URL) looks as one it drew; a theme by update() applies to both', async ({ page, merchantOrigin, gatewayUrl, createSession }) => {
  const stylesheetRequests = countStylesheetRequests(page);
  const developer = new DeveloperPage(page, merchantOrigin, gatewayUrl);
  // Long words for the languages the form does not show (e2e/card-first-view.spec.ts): the configuration rides in the fragment, and the form's own words stay.
  const keys = ['card.number.label', 'card.expiry.label', 'card.cvv.label', 'card.number.placeholder', 'card.expiry.placeholder'];
  const translations = Object.fromEntries(['bs-BA', 'ro-RO', 'sv-SE'].map((locale) => [locale, Object.fromEntries(keys.map((key, i) => [key, `${'Număr '.repeat(40)}${i}`.slice(-200)]))]));
  const looks: Awaited<ReturnType<typeof lookOf>>[] = [];
  for (const config of [{}, { translations }]) {
    await developer.open((await createSession()).id, { config });
    const src = new URL((await page.locator('#card iframe').getAttribute('src'))!);
    expect(src.searchParams.has('config')).toBe(Object.keys(config).length === 0); // the gateway draws a configuration in the query
    looks.push(await lookOf(developer.field('number')));

    await page.evaluate(() =>
      (window as unknown as { component: { update(options: unknown): Promise<void> } }).component.update({
        theme: { radius: '12px', rules: { focus: { border: '#00aa00' } } },
      }),
    );
    await expect(developer.field('number')).toHaveCSS('border-radius', '12px');
    await developer.field('number').focus();
    await expect(developer.field('number')).toHaveCSS('border-color', 'rgb(0, 170, 0)');
  }
  expect(looks[1]).toEqual(looks[0]);
  expect(stylesheetRequests()).toBe(1); // the card the gateway did not draw only
});

test('merchant styles: a first view’s form keeps the allowed ones at take-over with no allow-list chunk; update() and a saved card pass them through it; unsafe values never apply', async ({ page, merchantOrigin, gatewayUrl, gateway, createSession }) => {
  const allowListRequests = countStylesheetRequests(page, ALLOW_LIST);
  const developer = new DeveloperPage(page, merchantOrigin, gatewayUrl);
  await developer.open((await createSession()).id, { config: { styles: STYLES } });
  const number = developer.field('number');
  const styled = { color: 'rgb(170, 0, 0)', 'border-radius': '10px', 'background-color': 'rgb(255, 255, 255)', 'font-weight': '400' };
  const look = (field: Locator) =>
    field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      return { color: style.color, 'border-radius': style.borderRadius, 'background-color': style.backgroundColor, 'font-weight': style.fontWeight };
    });
  // The script's form has taken the first view's place (its element left), with the gateway's allowed properties.
  await expect(page.frameLocator('#card iframe').locator('[data-first-view]')).toHaveCount(0);
  expect(await look(number)).toEqual(styled);
  expect(allowListRequests()).toBe(0);

  await page.evaluate(() =>
    (window as unknown as { component: { update(options: unknown): Promise<void> } }).component.update({
      styles: { '--ef-color-text': 'rgb(0, 0, 170)', '--ef-color-background': 'expression(alert(1))' },
    }),
  );
  await expect(number).toHaveCSS('color', 'rgb(0, 0, 170)');
  expect(await look(number)).toEqual({ ...styled, color: 'rgb(0, 0, 170)', 'border-radius': '6px' }); // the radius left with the old styles
  expect(allowListRequests()).toBe(1);

  const customerId = (await gateway.createCustomer()).id;
  const card = await gateway.saveCard(customerId, { number: '4000000000000002', month: '12', year: String(nextYear) });
  const shop = new SavedCardPage(page, merchantOrigin, gatewayUrl);
  await shop.openSavedCard((await createSession({ customer: { id: customerId } })).id, card, undefined, { styles: STYLES });
  // Read once, as ready: the allow-list's chunk came beside the stylesheet's.
  expect(await look(shop.cvv())).toEqual(styled);
  expect(allowListRequests()).toBe(2);
});
