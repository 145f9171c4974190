/** The locales we ship (spec: Embedded Fields `locale`; hosted page `language`), and choosing one. */

/** Supported locale tags. */
export const LOCALES = ['en-US', 'bs-BA', 'ro-RO', 'sv-SE'] as const;

/** A supported locale tag. */
export type LocaleTag = (typeof LOCALES)[number];

/** Used when neither the merchant's nor the browser's languages are supported. */
export const DEFAULT_LOCALE: LocaleTag = 'en-US';

/** Each locale's name in its own language, for a language switcher. */
export const LOCALE_NAMES: Readonly<Record<LocaleTag, string>> = {
  'en-US': 'English',
  'bs-BA': 'Bosanski',
  'ro-RO': 'Română',
  'sv-SE': 'Svenska',
};

/** The hosted page's `language` values (spec: POST /api/hosted-payment-page) and their locales. */
export const HOSTED_PAGE_LANGUAGES: Readonly<Record<'English' | 'Bosanski' | 'Romana' | 'Svenska', LocaleTag>> = {
  English: 'en-US',
  Bosanski: 'bs-BA',
  Romana: 'ro-RO',
  Svenska: 'sv-SE',
};

/** True when `tag` is exactly a supported locale tag. */
export function isLocaleTag(tag: unknown): tag is LocaleTag {
  return typeof tag === 'string' && (LOCALES as readonly string[]).includes(tag);
}

function exactMatch(tag: string): LocaleTag | undefined {
  const wanted = tag.replace(/_/g, '-').toLowerCase();
  return LOCALES.find((locale) => locale.toLowerCase() === wanted);
}

function languageMatch(tag: string): LocaleTag | undefined {
  const language = tag.replace(/_/g, '-').split('-')[0]!.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0] === language);
}

/**
 * The locale to show. The merchant's `requested` locale first, then the browser's
 * languages in order (`navigator.languages`); each tried exactly ('sv-se', 'sv_SE'), then by
 * language ('sv-FI' → sv-SE, 'en-GB' → en-US, 'ro-MD' → ro-RO, 'bs' → bs-BA). Croatian and
 * Serbian are not mapped to Bosnian: close, but not the shopper's language. Else en-US.
 */
export function resolveLocale(requested?: string, browserLanguages: readonly string[] = []): LocaleTag {
  const candidates = [requested, ...browserLanguages].filter((tag): tag is string => typeof tag === 'string');
  for (const tag of candidates) {
    const match = exactMatch(tag) ?? languageMatch(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/**
 * The hosted page's language (the page itself, and the gateway, which writes that
 * catalog into the document): the shopper's own choice on this page (kept for the session), else
 * the merchant's `language` for this payment, else the merchant's default. `language` and
 * the default may be a name (English, Bosanski, Romana/Română, Svenska, any case) or a tag.
 */
export function hostedPageLocale(hppLanguage: string | null | undefined, merchantDefault: string | undefined, chosen?: string | null): LocaleTag {
  for (const candidate of [chosen, hppLanguage, merchantDefault]) {
    const locale = localeOf(candidate);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

function localeOf(value: string | null | undefined): LocaleTag | undefined {
  if (!value) return undefined;
  if (isLocaleTag(value)) return value;
  const name = value.trim().toLowerCase();
  if (name === 'română') return 'ro-RO';
  const byName = Object.entries(HOSTED_PAGE_LANGUAGES).find(([key]) => key.toLowerCase() === name);
  if (byName) return byName[1];
  const resolved = resolveLocale(value);
  // resolveLocale falls back to English for anything; only take a real match.
  return resolved.split('-')[0] === name.split(/[-_]/)[0] ? resolved : undefined;
}
