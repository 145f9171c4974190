import { describe, expect, it } from 'vitest';
import { LOCALES, messages } from '@payments/core';
import { hostMessage } from './host-messages';

describe('host messages', () => {
  it("titles the card frame with the catalog's frameTitle in every locale", () => {
    for (const locale of LOCALES) expect(hostMessage(locale, 'frame_title')).toBe(messages(locale).status.frameTitle);
  });
});
