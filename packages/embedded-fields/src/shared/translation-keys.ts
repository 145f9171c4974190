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

/** Why one entry of `translations` is refused, or undefined when it is fine. */
export function translationProblem(locale: string, key: string, value: unknown): string | undefined {
  if (!LOCALES.includes(locale)) return `translations.${locale} is not a locale (${LOCALES.join(', ')})`;
  if (!TRANSLATION_KEYS.has(key)) return `translations.${locale}.${key} is not a known key (README: translations)`;
  if (typeof value !== 'string') return `translations.${locale}.${key} must be a string`;
  if (value.length > MAX_TRANSLATION_LENGTH) return `translations.${locale}.${key} is longer than ${MAX_TRANSLATION_LENGTH} characters`;
  return undefined;
}

/**
 * `input` as Translations. `onProblem` hears of each refused entry (the host throws on the
 * first); refused entries are dropped. Only own properties of plain objects are read.
 */
export function readTranslations(input: unknown, onProblem: (problem: string) => void = () => undefined): Translations {
  const result: Record<string, Record<string, string>> = {};
  if (!isPlainRecord(input)) {
    if (input !== undefined) onProblem('translations must be an object of locales');
    return result;
  }
  for (const [locale, entries] of Object.entries(input)) {
    if (!isPlainRecord(entries)) {
      onProblem(`translations.${locale} must be an object of strings`);
      continue;
    }
    for (const [key, value] of Object.entries(entries)) {
      const problem = translationProblem(locale, key, value);
      if (problem) onProblem(problem);
      else (result[locale] ??= {})[key] = value as string;
    }
  }
  return result as Translations;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
