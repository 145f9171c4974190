/** A saved card's MMYY against today: expired only once its month is over (core's expiry rule). */
import { describe, expect, it } from 'vitest';
import { savedCardExpired } from './field-controller';

describe('savedCardExpired', () => {
  const now = new Date('2026-05-15T12:00:00Z');

  it('honours the card to the end of its month', () => {
    expect(savedCardExpired('0526', now)).toBe(false);
    expect(savedCardExpired('0426', now)).toBe(true);
    expect(savedCardExpired('0120', now)).toBe(true);
    expect(savedCardExpired('1230', now)).toBe(false);
  });

  it('does not judge what is not MMYY (the gateway decides)', () => {
    expect(savedCardExpired('1326', now)).toBe(false);
    expect(savedCardExpired('5/26', now)).toBe(false);
  });
});
