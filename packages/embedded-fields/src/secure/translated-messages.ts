/**
 * The merchant's `translations` as a lookup layer in front of core's catalog: the card
 * form asks `translatedMessages(locale, overrides)` instead of `loadedMessages(locale)` and gets
 * the catalog with the overridden strings in their places. What crosses from the host is
 * checked again (known locale and key, a string, at most 200 characters; anything else is
 * dropped); lit renders every string as text, never as HTML.
 */
import { loadedMessages, type CardErrorCode, type CardFieldName, type LocaleTag, type Messages } from '@payments/core';
import type { TranslatedField } from '../shared/payment-types';
import { isTranslation, readTranslations } from '../shared/translation-keys';

const FIELD_NAMES: Readonly<Record<TranslatedField, CardFieldName>> = {
  number: 'cardNumber',
  expiry: 'expiryDate',
  cvv: 'cvv',
  holderName: 'cardholderName',
  email: 'email',
};

const cache = new WeakMap<object, Map<LocaleTag, Messages>>();

/** The locale's catalog with the overrides the merchant gave for it. */
export function translatedMessages(locale: LocaleTag, translations: unknown): Messages {
  const catalog = loadedMessages(locale);
  if (typeof translations !== 'object' || translations === null) return catalog;
  let perLocale = cache.get(translations);
  if (!perLocale) cache.set(translations, (perLocale = new Map()));
  let result = perLocale.get(locale);
  if (!result) perLocale.set(locale, (result = applyOverrides(catalog, readTranslations(translations)[locale] ?? {})));
  return result;
}

function applyOverrides(catalog: Messages, overrides: Readonly<Record<string, string>>): Messages {
  if (Object.keys(overrides).length === 0) return catalog;
  const labels: Record<CardFieldName, string> = { ...catalog.labels };
  const placeholders: Record<CardFieldName, string> = { ...catalog.placeholders };
  const cardErrors: Record<CardErrorCode, string> = { ...catalog.cardErrors };
  const savedCard = { ...catalog.savedCard };
  for (const [key, text] of Object.entries(overrides)) {
    const [, part, kind] = key.split('.') as [string, string, string];
    if (part === 'error') cardErrors[kind as CardErrorCode] = text;
    else if (part === 'saveCard') savedCard.saveCard = text;
    else (kind === 'label' ? labels : placeholders)[FIELD_NAMES[part as TranslatedField]] = text;
  }
  return { ...catalog, labels, placeholders, cardErrors, savedCard };
}

/**
 * The merchant's label for a field in `locale` (translations' `card.<field>.label`), if it set
 * one: it wins over the brand's name for the CVV's code (card-fields-view.ts). Here, not in the
 * frame's entry, with the keys' rules: only a form with translations asks.
 */
export function ownLabel(translations: unknown, locale: LocaleTag, field: TranslatedField): string | undefined {
  const key = `card.${field}.label`;
  const value = (translations as Record<string, Record<string, unknown> | undefined> | undefined)?.[locale]?.[key];
  return isTranslation(locale, key, value) ? value : undefined;
}
