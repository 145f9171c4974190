/**
 * The card frame draws its form before its rules (formatting, validation, the brands) have
 * arrived: they load as the ready report leaves (#30, packages/embedded-fields/README.md,
 * "What a card mount downloads, and when"). A shopper who types before they arrive loses
 * nothing: the keys stay in the inputs as typed, and the moment the rules arrive each field
 * is formatted and judged as if its keys came then, the state reaches onChange, and focus
 * moves on as the last key would have moved it. The rules are held here with `page.route`.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { developerTest as test } from './fixtures/developer';
import { holdRequests } from './support/hold-requests';
import { lastChange } from './models/developer-page';


/** Holds every request for the card form's rules until `release()`. */
const holdCardRules = (page: Page) => holdRequests(page, /\/frames\/assets\/card-rules-[\w-]{8}\.js$/);

test('keys typed before the rules arrive are kept as typed, then formatted and judged when they do', async ({ page, developer, createSession }) => {
  const rules = await holdCardRules(page);
  await developer.open((await createSession()).id);
  await expect.poll(rules.asked).toBe(1);

  await developer.field('number').click();
  await developer.field('number').pressSequentially('4242424242424242');
  await developer.field('expiry').click();
  await developer.field('expiry').pressSequentially('1230');
  // Nothing lost while the rules are on their way: the inputs hold the keys as typed.
  await expect(developer.field('number')).toHaveValue('4242424242424242');
  await expect(developer.field('expiry')).toHaveValue('1230');

  rules.release();
  await expect(developer.field('number')).toHaveValue('4242 4242 4242 4242');
  await expect(developer.field('expiry')).toHaveValue('12 / 30');
  // The expiry's last key would have moved the focus on: it moves now.
  await expect(developer.field('cvv')).toBeFocused();
  const { log } = await developer.events((l) => lastChange(l.log)?.fields.expiry?.complete === true);
  expect(lastChange(log)).toMatchObject({
    valid: false,
    brand: 'visa',
    fields: {
      number: { empty: false, complete: true, valid: true, error: null },
      expiry: { empty: false, complete: true, valid: true, error: null },
      cvv: { empty: true, valid: false },
    },
  });

  // From here on, key by key as ever.
  await developer.field('cvv').pressSequentially('123');
  await expect.poll(async () => lastChange((await developer.events()).log)?.valid).toBe(true);
});

test('a key the field refuses is dropped when the rules arrive, as it would have been', async ({ page, developer, createSession }) => {
  const rules = await holdCardRules(page);
  await developer.open((await createSession()).id);
  await developer.field('number').click();
  await developer.field('number').pressSequentially('3782a822463-10005');
  await expect(developer.field('number')).toHaveValue('3782a822463-10005');

  rules.release();
  await expect(developer.field('number')).toHaveValue('3782 822463 10005');
  // A whole American Express number: the focus moves on to the expiry.
  await expect(developer.field('expiry')).toBeFocused();
  const { log } = await developer.events((l) => lastChange(l.log)?.brand === 'amex');
  expect(lastChange(log)!.fields.number).toMatchObject({ complete: true, valid: true });
});

test('the rules fail to load: the next key asks again (by a new URL: a browser may remember the failure), and every key typed counts', async ({ page, developer, createSession }) => {
  const rules = await holdCardRules(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/frames\/assets\/card-rules-/.test(request.url())) asked.push(new URL(request.url()).search);
  });
  await developer.open((await createSession()).id);
  await expect.poll(rules.asked).toBe(1);
  await developer.field('number').click();
  await developer.field('number').pressSequentially('42424242');
  rules.fail();
  await expect(developer.field('number')).toHaveValue('42424242'); // as typed: no rules yet

  await developer.field('number').pressSequentially('42424242');
  await expect(developer.field('number')).toHaveValue('4242 4242 4242 4242');
  await expect(developer.field('expiry')).toBeFocused();
  expect(asked[0]).toBe('');
  expect(asked.at(-1)).toMatch(/^\?retry=\d+$/);
});
