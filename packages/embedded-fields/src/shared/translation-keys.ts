/**
 * The `translations` option's rules, shared by the host (which throws on a bad entry, at
 * the call that got it wrong) and the card frame (which drops anything the host should not
 * have sent): known locales, known keys (public TranslationKey), strings only, at most
 * MAX_TRANSLATION_LENGTH characters. The frame renders every value as text, never as HTML.
 */
import { CARD_ERROR_CODES } from '@payments/core';
import type { Locale, TranslatedField, TranslationKey, Translations } from './payment-types';

export const MAX_TRANSLATION_LENGTH = 200;
const LOCALES: readonly string[] = ['en-US', 'bs-BA', 'ro-RO', 'sv-SE'] satisfies Locale[];
const FIELDS: readonly TranslatedField[] = ['number', 'expiry', 'cvv', 'holderName', 'email'];

/** Every key a merchant may override. */
export const TRANSLATION_KEYS: ReadonlySet<string> = new Set<TranslationKey>([
  ...FIELDS.flatMap((field) => [`card.${field}.label`, `card.${field}.placeholder`] as const),
  ...CARD_ERROR_CODES.map((code) => `card.error.${code}` as const),
  'card.saveCard.label',
]);

/** Whether one entry of `translations` may be used: a known locale and key, and a short string. */
export function isTranslation(locale: string, key: string, value: unknown): value is string {
  return LOCALES.includes(locale) && TRANSLATION_KEYS.has(key) && typeof value === 'string' && value.length <= MAX_TRANSLATION_LENGTH;
}

/**
 * `input` as Translations. `onProblem` hears the path of each refused entry
 * (`translations.sv-SE.card.nubmer.label`; the host throws on the first); refused entries
 * are dropped. Only own properties of plain objects are read.
 */
export function readTranslations(input: unknown, onProblem: (path: string) => void = () => undefined): Translations {
  const result: Record<string, Record<string, string>> = {};
  if (input === undefined) return result;
  if (!isPlainRecord(input)) onProblem('translations');
  else {
    for (const [locale, entries] of Object.entries(input)) {
      // An optional locale or key left undefined (exactOptionalPropertyTypes' `?: T | undefined`) says nothing.
      if (entries === undefined) continue;
      if (!isPlainRecord(entries) || !LOCALES.includes(locale)) onProblem(`translations.${locale}`);
      else {
        for (const [key, value] of Object.entries(entries)) {
          if (value === undefined) continue;
          if (isTranslation(locale, key, value)) (result[locale] ??= {})[key] = value;
          else onProblem(`translations.${locale}.${key}`);
        }
      }
    }
  }
  return result as Translations;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
