/**
 * Amounts in the shopper's language with core's `formatAmount` (Intl.NumberFormat, minor
 * units from the currency). A browser whose Intl lacks a language's data (Chromium ships
 * no Bosnian) would fall back to a root format ("€ 49.99"); then the closest language the
 * browser knows formats the number instead (Bosnian → Croatian, Serbian Latin: the same
 * "49,99 €"). Candidate for @payments/core once the card component needs it too.
 */
import { formatAmount, type LocaleTag } from '@payments/core';

/** Where a runtime may lack a language's number data: the languages to try, in order. */
const NUMBER_FALLBACKS: Readonly<Partial<Record<LocaleTag, readonly string[]>>> = {
  'bs-BA': ['bs-BA', 'bs', 'hr-BA', 'hr-HR', 'sr-Latn-BA', 'hr'],
};

/** Bosnian's decimal separator: a runtime without its data shows another. */
const DECIMAL: Readonly<Partial<Record<LocaleTag, string>>> = { 'bs-BA': ',' };

const chosen = new Map<LocaleTag, string>();
const formatted = new Map<string, string>();

function decimalOf(tag: string): string | undefined {
  try {
    return new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  } catch {
    return undefined;
  }
}

/**
 * The locale Intl formats numbers with for `locale` here: the first candidate whose decimal
 * separator is the language's own (supportedLocalesOf is no help: Chromium says yes to 'bs'
 * and formats it with root data). Languages every runtime has are used as they are.
 */
export function numberLocale(locale: LocaleTag, decimal: (tag: string) => string | undefined = decimalOf): string {
  const candidates = NUMBER_FALLBACKS[locale];
  if (!candidates) return locale;
  const cache = decimal === decimalOf;
  const known = cache ? chosen.get(locale) : undefined;
  if (known) return known;
  const found = candidates.find((tag) => decimal(tag) === DECIMAL[locale]) ?? locale;
  if (cache) chosen.set(locale, found);
  return found;
}

/** formatAmount in the shopper's language; remembered (Intl formatters are costly to build). */
export function formatPageAmount(minorUnits: number, currency: string, locale: LocaleTag): string {
  const key = `${minorUnits} ${currency} ${locale}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatAmount(minorUnits, currency, numberLocale(locale));
    formatted.set(key, text);
  }
  return text;
}
