/**
 * The card form's words: the locale's loaded catalog, with the merchant's `translations` in
 * front of it when there are any. The translation layer (its key rules included, and the
 * merchant's own labels) is a chunk of its own, loaded by `loadFormMessages` only for a
 * configuration that has translations: most merchants have none, and their shoppers do not
 * download it.
 */
import { loadedMessages, loadMessages, type LocaleTag, type Messages } from '@payments/core';
import type { TranslatedField } from '../shared/payment-types';
import type * as TranslatedMessages from './translated-messages';

let layer: typeof TranslatedMessages | undefined;

const hasTranslations = (translations: unknown): boolean =>
  typeof translations === 'object' && translations !== null && Object.keys(translations).length > 0;

/** Loads what `formMessages(locale, translations)` needs: the catalog, and the translation layer if used. */
export async function loadFormMessages(locale: LocaleTag, translations: unknown): Promise<void> {
  await Promise.all([
    loadMessages(locale),
    hasTranslations(translations) && !layer ? import('./translated-messages').then((m) => void (layer = m)) : undefined,
  ]);
}

/** The words to render in `locale`; {@link loadFormMessages} must have run for this configuration. */
export function formMessages(locale: LocaleTag, translations: unknown): Messages {
  return layer && hasTranslations(translations) ? layer.translatedMessages(locale, translations) : loadedMessages(locale);
}

/** The merchant's label for `field` in `locale`, if its translations set one; {@link loadFormMessages} must have run for this configuration. */
export function ownFieldLabel(locale: LocaleTag, translations: unknown, field: TranslatedField): string | undefined {
  return layer && hasTranslations(translations) ? layer.ownLabel(translations, locale, field) : undefined;
}
