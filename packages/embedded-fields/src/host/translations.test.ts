import { describe, expect, it } from 'vitest';
import { CARD_ERROR_CODES } from '@payments/core';
import { checkComponentConfig } from './options';
import { MAX_TRANSLATION_LENGTH, readTranslations, TRANSLATION_KEYS } from '../shared/translation-keys';

describe('translations', () => {
  it('knows every label, placeholder and field error of the card form', () => {
    expect(TRANSLATION_KEYS.has('card.number.label')).toBe(true);
    expect(TRANSLATION_KEYS.has('card.holderName.placeholder')).toBe(true);
    expect(TRANSLATION_KEYS.has('card.saveCard.label')).toBe(true);
    for (const code of CARD_ERROR_CODES) expect(TRANSLATION_KEYS.has(`card.error.${code}`)).toBe(true);
    expect(TRANSLATION_KEYS.size).toBe(10 + CARD_ERROR_CODES.length + 1);
  });

  it('passes valid overrides to the frame config', () => {
    const translations = { 'sv-SE': { 'card.number.label': 'Kortets nummer' }, 'en-US': { 'card.error.cvv_required': 'Type the 3 digits.' } };
    expect(checkComponentConfig('card', { translations }).translations).toEqual(translations);
  });

  it.each([
    [{ 'de-DE': { 'card.number.label': 'Kartennummer' } }, 'config.translations.de-DE is refused'],
    [{ 'sv-SE': { 'card.nubmer.label': 'x' } }, 'config.translations.sv-SE.card.nubmer.label is refused'],
    [{ 'sv-SE': { 'card.number.label': 42 } }, 'config.translations.sv-SE.card.number.label is refused'],
    [{ 'sv-SE': { 'card.number.label': 'x'.repeat(MAX_TRANSLATION_LENGTH + 1) } }, 'config.translations.sv-SE.card.number.label is refused'],
    [{ 'sv-SE': 'Kortnummer' }, 'config.translations.sv-SE is refused'],
    [['sv-SE'], 'config.translations is refused'],
  ])('throws at create() for %j', (translations, message) => {
    expect(() => checkComponentConfig('card', { translations })).toThrow(`PaymentComponent: ${message}`);
  });

  it('the frame drops what it should not have been sent, silently', () => {
    expect(
      readTranslations({ 'sv-SE': { 'card.number.label': 'Kort', 'card.evil': '<img src=x onerror=alert(1)>', toString: 'x' }, 'xx-XX': {} }),
    ).toEqual({ 'sv-SE': { 'card.number.label': 'Kort' } });
    expect(readTranslations('nope')).toEqual({});
    expect(readTranslations(undefined)).toEqual({});
  });
});
