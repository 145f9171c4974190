/**
 * Amounts are integers in minor units (spec). The number of minor digits comes from the
 * currency itself (Intl knows ISO 4217: JPY 0, EUR 2, BHD 3), never from a hard-coded table.
 */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Where a runtime may lack a language's number data (Chromium ships no Bosnian and formats
 * 'bs-BA' with root data: "€ 49.99"): the languages that write its numbers alike, tried in
 * order until one has the language's decimal separator.
 */
const NUMBER_FALLBACKS: Readonly<Record<string, { decimal: string; tags: readonly string[] }>> = {
  'bs-BA': { decimal: ',', tags: ['bs-BA', 'bs', 'hr-BA', 'hr-HR', 'sr-Latn-BA', 'hr'] },
};
const numberLocales = new Map<string, string>();

/** The tag Intl formats `locale`'s numbers with here (itself, unless this runtime lacks its data). */
export function numberLocaleOf(locale: string, decimalOf: (tag: string) => string | undefined = decimalSeparator): string {
  const fallback = NUMBER_FALLBACKS[locale];
  if (!fallback) return locale;
  const cache = decimalOf === decimalSeparator;
  const known = cache ? numberLocales.get(locale) : undefined;
  if (known) return known;
  const found = fallback.tags.find((tag) => decimalOf(tag) === fallback.decimal) ?? locale;
  if (cache) numberLocales.set(locale, found);
  return found;
}

function decimalSeparator(tag: string): string | undefined {
  try {
    return new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  } catch {
    return undefined;
  }
}

/**
 * Formats minor units for a shopper, e.g. (123456, 'EUR', 'sv-SE') → "1 234,56 €", in the
 * locale's own way even where the runtime lacks its data (numberLocaleOf).
 */
export function formatAmount(minorUnits: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const major = minorUnits / 10 ** digits;
  try {
    return new Intl.NumberFormat(numberLocaleOf(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}
