import { describe, expect, it } from 'vitest';
import { LOCALES, messages } from '@payments/core';
import { fieldFrameTitle, hostMessage } from './host-messages';

describe('host messages', () => {
  it("titles the card frame with the catalog's frameTitle in every locale", () => {
    for (const locale of LOCALES) expect(hostMessage(locale, 'frame_title')).toBe(messages(locale).status.frameTitle);
  });

  it('titles the payment-method frame in every locale, each its own words', () => {
    const titles = LOCALES.map((locale) => hostMessage(locale, 'apm_frame_title'));
    expect(titles[0]).toBe('Secure alternative payment methods');
    expect(new Set(titles).size).toBe(LOCALES.length);
  });

  it("titles each split field's frame with the card frame's title and the field's label, as the frame labels it", () => {
    for (const locale of LOCALES) {
      const { labels, status } = messages(locale);
      expect(fieldFrameTitle(locale, 'number')).toBe(`${status.frameTitle}: ${labels.cardNumber}`);
      expect(fieldFrameTitle(locale, 'expiry')).toBe(`${status.frameTitle}: ${labels.expiryDate}`);
      expect(fieldFrameTitle(locale, 'cvv')).toBe(`${status.frameTitle}: ${labels.cvv}`);
      expect(fieldFrameTitle(locale, 'holderName')).toBe(`${status.frameTitle}: ${labels.cardholderName}`);
      expect(fieldFrameTitle(locale, 'email')).toBe(`${status.frameTitle}: ${labels.email}`);
    }
  });
});
