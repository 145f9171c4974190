/**
 * Amounts in the shopper's language: core's `formatAmount` (which also covers a runtime
 * without the language's number data, such as Chromium without Bosnian), remembered per
 * amount, currency and locale because the page draws the same few amounts on every render
 * and Intl formatters are costly to build.
 */
import { formatAmount, type LocaleTag } from '@payments/core';

const formatted = new Map<string, string>();

export function formatPageAmount(minorUnits: number, currency: string, locale: LocaleTag): string {
  const key = `${minorUnits} ${currency} ${locale}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatAmount(minorUnits, currency, locale);
    formatted.set(key, text);
  }
  return text;
}
