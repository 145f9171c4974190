import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, loadMessages, messages } from '@payments/core';
import { translatedMessages } from './translated-messages';

beforeAll(() => Promise.all(LOCALES.map((locale) => loadMessages(locale))));

describe('translatedMessages: overrides in front of the catalog', () => {
  const translations = {
    'sv-SE': { 'card.number.label': 'Kortets nummer', 'card.cvv.placeholder': '3 siffror', 'card.error.card_number_invalid': 'Fel nummer.', 'card.saveCard.label': 'Kom ihåg kortet' },
  };

  it('replaces exactly the overridden strings of that locale', () => {
    const text = translatedMessages('sv-SE', translations);
    const catalog = messages('sv-SE');
    expect(text.labels.cardNumber).toBe('Kortets nummer');
    expect(text.placeholders.cvv).toBe('3 siffror');
    expect(text.cardErrors.card_number_invalid).toBe('Fel nummer.');
    expect(text.savedCard.saveCard).toBe('Kom ihåg kortet');
    expect(text.labels.expiryDate).toBe(catalog.labels.expiryDate);
    expect(text.status).toBe(catalog.status);
    expect(catalog.labels.cardNumber).not.toBe('Kortets nummer'); // the catalog itself is untouched
  });

  it('other locales keep their catalog', () => {
    expect(translatedMessages('en-US', translations)).toBe(messages('en-US'));
    expect(translatedMessages('sv-SE', undefined)).toBe(messages('sv-SE'));
  });

  it('drops unknown keys and non-strings', () => {
    const text = translatedMessages('en-US', { 'en-US': { 'status.declined': 'x', 'card.number.label': { html: '<b>' } } });
    expect(text.labels.cardNumber).toBe(messages('en-US').labels.cardNumber);
  });
});
