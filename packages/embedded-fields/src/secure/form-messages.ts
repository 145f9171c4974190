/**
 * The card form's words: the locale's loaded catalog, with the merchant's `translations` in
 * front of it when there are any. The translation layer (its key rules included) is a chunk
 * of its own, loaded by `loadFormMessages` only for a configuration that has translations:
 * most merchants have none, and their shoppers do not download it.
 */
import { loadedMessages, loadMessages, type LocaleTag, type Messages } from '@payments/core';
import type { translatedMessages } from './translated-messages';

let translate: typeof translatedMessages | undefined;

const hasTranslations = (translations: unknown): boolean =>
  typeof translations === 'object' && translations !== null && Object.keys(translations).length > 0;

/** Loads what `formMessages(locale, translations)` needs: the catalog, and the translation layer if used. */
export async function loadFormMessages(locale: LocaleTag, translations: unknown): Promise<void> {
  await Promise.all([
    loadMessages(locale),
    hasTranslations(translations) && !translate ? import('./translated-messages').then((m) => void (translate = m.translatedMessages)) : undefined,
  ]);
}

/** The words to render in `locale`; {@link loadFormMessages} must have run for this configuration. */
export function formMessages(locale: LocaleTag, translations: unknown): Messages {
  return translate && hasTranslations(translations) ? translate(locale, translations) : loadedMessages(locale);
}
