/**
 * The split fields' group (card-group.ts), on Node's BroadcastChannel: who is bound to which
 * field, what a member too many does (the group refuses for good, whoever came first), and
 * from whom values and the brand are taken.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardGroup } from './card-group';
import type { FieldName } from '../shared/payment-types';

const GROUP = 'g'.repeat(32);
const FIELDS: FieldName[] = ['number', 'expiry', 'cvv'];
const open: CardGroup[] = [];

function member(field: FieldName, value = '', handlers: { brand?: (brand: string | null) => void } = {}, session = 'sess_1'): CardGroup {
  const group = new CardGroup(session, { group: GROUP, field, fields: FIELDS }, { value: () => value, ...handlers });
  open.push(group);
  return group;
}

afterEach(() => {
  for (const group of open.splice(0)) group.close();
});

describe('split fields: the card group', () => {
  it("the number's member collects every other field's value from its bound member", async () => {
    const number = member('number');
    member('expiry', '12 / 30');
    member('cvv', '123');
    expect(Object.fromEntries(await number.collect())).toEqual({ expiry: '12 / 30', cvv: '123' });
  });

  it('a member too many for a field conflicts the group, whoever joined first: collect rejects and nothing is handed over', async () => {
    const number = member('number');
    const expiry = member('expiry', '12 / 30');
    member('cvv', '123');
    member('expiry', '11 / 31'); // the replay
    await vi.waitFor(() => expect([number.conflicted, expiry.conflicted]).toEqual([true, true]));
    await expect(number.collect()).rejects.toThrow(/conflicted/);
  });

  it('a second number member conflicts the group too: the fields answer nobody', async () => {
    const number = member('number');
    const cvv = member('cvv', '123');
    member('expiry', '12 / 30');
    const replayed = member('number');
    await vi.waitFor(() => expect([number.conflicted, cvv.conflicted, replayed.conflicted]).toEqual([true, true, true]));
    await expect(replayed.collect()).rejects.toThrow(/conflicted/);
  });

  it('a member for a field the card does not have conflicts the group', async () => {
    const number = member('number');
    member('holderName' as FieldName);
    await vi.waitFor(() => expect(number.conflicted).toBe(true));
  });

  it('members of another session on the same group id are not in the group', async () => {
    const number = member('number');
    member('expiry', '12 / 30');
    member('cvv', '123');
    member('expiry', '11 / 31', {}, 'sess_2');
    expect(Object.fromEntries(await number.collect())).toEqual({ expiry: '12 / 30', cvv: '123' });
    expect(number.conflicted).toBe(false);
  });

  it("the brand is taken from the number's member only, and a member that joins later hears it", async () => {
    const number = member('number');
    const heard: (string | null)[] = [];
    member('cvv', '', { brand: (brand) => heard.push(brand) });
    number.shareBrand('amex');
    await vi.waitFor(() => expect(heard.at(-1)).toBe('amex'));
    const late: (string | null)[] = [];
    member('expiry', '', { brand: (brand) => late.push(brand) });
    await vi.waitFor(() => expect(late).toEqual(['amex']));
    // A message of the channel's shape from a non-member is dropped.
    const forged = new BroadcastChannel(`ef-card-group:sess_1:${GROUP}`);
    forged.postMessage({ kind: 'brand', from: 'page', brand: 'visa' });
    forged.close();
    // Whatever comes after the forgery on the channel (the number's own brand again) comes after it in order.
    number.shareBrand('visa-not');
    await vi.waitFor(() => expect(heard.at(-1)).toBe('visa-not'));
    expect([...heard, ...late]).not.toContain('visa');
  });
});
