import { describe, expect, it } from 'vitest';
import { LOCALES, messages } from '@payments/core';
import { hostMessage } from './host-messages';

describe('host messages', () => {
  it("titles the card frame with the catalog's frameTitle in every locale", () => {
    for (const locale of LOCALES) expect(hostMessage(locale, 'frame_title')).toBe(messages(locale).status.frameTitle);
  });

  it('titles the payment-method frame in every locale, each its own words', () => {
    const titles = LOCALES.map((locale) => hostMessage(locale, 'apm_frame_title'));
    expect(titles[0]).toBe('Secure alternative payment methods');
    expect(new Set(titles).size).toBe(LOCALES.length);
  });
});
