/**
 * A typed character's state leaves the card frame as the key is handled, before the browser
 * has inserted it and laid the field out (#14: keystroke → onChange): the frame works out the
 * field's next value from the `beforeinput` event with the same edit rule as the `input`
 * event's. What the merchant page must be able to count on: the state it hears is the field's
 * state, at once, and put right if the browser did not insert after all.
 */
import type { Frame } from '@playwright/test';
import { expect } from './fixtures';
import { developerTest as test } from './fixtures/developer';
import type { DeveloperPage, LoggedEvent } from './models/developer-page';


interface NumberState {
  brand: string | null;
  valid: boolean;
  fields: { number: { empty: boolean; complete: boolean; valid: boolean } };
}

const changes = (log: LoggedEvent[]) => log.filter((e) => e.name === 'change').map((e) => e.payload as NumberState);

function cardFrameOf(developer: DeveloperPage, gatewayUrl: string): Frame {
  const frame = developer.page.frames().find((f) => f.url().startsWith(`${gatewayUrl}/frames/card`));
  if (!frame) throw new Error('no card frame');
  return frame;
}

test('a typed digit\'s state reaches onChange from the keystroke itself, before the field\'s input event is handled', async ({ developer, gatewayUrl, createSession }) => {
  await developer.open((await createSession()).id);
  // The field's own input handling is kept from running: only the keystroke can have told the page.
  await cardFrameOf(developer, gatewayUrl).evaluate(() => document.addEventListener('input', (event) => event.stopImmediatePropagation(), { capture: true }));
  await developer.field('number').click();
  await developer.field('number').press('4');

  const { log } = await developer.events((l) => changes(l.log).some((state) => state.brand === 'visa'));
  const state = changes(log).at(-1)!;
  expect(state.brand).toBe('visa');
  expect(state.fields.number).toMatchObject({ empty: false, complete: false });
  await expect(developer.field('number')).toHaveValue('4');
});

test('typed key by key, every state onChange hears is one the field reaches, ending valid', async ({ developer, createSession }) => {
  await developer.open((await createSession()).id);
  await developer.field('number').click();
  await developer.field('number').pressSequentially('4242424242424242');
  await expect(developer.field('number')).toHaveValue('4242 4242 4242 4242');

  const { log } = await developer.events((l) => changes(l.log).at(-1)?.fields.number.valid === true);
  const states = changes(log).filter((state) => !state.fields.number.empty);
  expect(states.map((state) => state.brand)).toEqual(states.map(() => 'visa'));
  // Not complete until the sixteenth digit, then complete and valid: no state ahead of the field.
  expect(states.map((state) => state.fields.number.complete)).toEqual([...states.slice(0, -1).map(() => false), true]);
  expect(states.at(-1)!.fields.number.valid).toBe(true);
});

test('a character the browser does not insert after all: onChange hears the field as it stands right after', async ({ developer, gatewayUrl, createSession }) => {
  await developer.open((await createSession()).id);
  // Cancelled after the field has seen the keystroke (bubbling, on the document): nothing is inserted.
  await cardFrameOf(developer, gatewayUrl).evaluate(() => document.addEventListener('beforeinput', (event) => event.preventDefault()));
  await developer.field('number').click();
  await developer.field('number').press('4');

  const { log } = await developer.events((l) => changes(l.log).some((state) => state.brand === 'visa'));
  await expect.poll(async () => changes((await developer.events()).log).at(-1)).toMatchObject({ brand: null, fields: { number: { empty: true } } });
  expect(changes(log).some((state) => state.brand === 'visa')).toBe(true); // the foretold state, put right
  await expect(developer.field('number')).toHaveValue('');
});
