/**
 * The demo shop's own words (not the payment library's: those are in @payments/core), in the
 * four locales of the locale picker, shared by the backend (server-rendered pages) and the
 * page script. Same voice and terms as the core catalogs: packages/core/src/i18n/style/.
 */
import { formatMessage, formatPlural, type LocaleTag } from '@payments/core';
import { BASKET } from '../basket';
import { bsBA } from './bs-ba';
import { enUS } from './en-us';
import { roRO } from './ro-ro';
import { svSE } from './sv-se';
import type { PageTextKey, ShopTexts } from './texts-type';

export type { PageTextKey, ShopTexts } from './texts-type';

export const SHOP_TEXTS: Readonly<Record<LocaleTag, ShopTexts>> = { 'en-US': enUS, 'bs-BA': bsBA, 'ro-RO': roRO, 'sv-SE': svSE };

/** The shop's promises, in days. */
export const RETURN_DAYS = 30;
export const SHIP_WORKING_DAYS = 2;

export function shopTexts(locale: LocaleTag): ShopTexts {
  return SHOP_TEXTS[locale];
}

/** "30 days" / "30 de zile" / "30 dana", "2 business days" / "2 radna dana". */
export function dayCounts(locale: LocaleTag): { returnDays: string; shipDays: string } {
  const { plurals } = shopTexts(locale);
  return { returnDays: formatPlural(locale, plurals.days, RETURN_DAYS), shipDays: formatPlural(locale, plurals.workingDays, SHIP_WORKING_DAYS) };
}

/** The checkout page's static texts with their numbers filled in, by `data-t` key. */
export function pageTexts(locale: LocaleTag): Record<PageTextKey, string> {
  const params = { ...dayCounts(locale), quantity: BASKET[0]!.quantity };
  const page = shopTexts(locale).page;
  return Object.fromEntries(Object.entries(page).map(([key, text]) => [key, formatMessage(text, params)])) as Record<PageTextKey, string>;
}

/** Where the page script keeps the shopper's language for the server-rendered pages. */
export const LOCALE_COOKIE = 'northwind-locale';

/** The shop's URL for `path` that keeps the shopper's language without the cookie. */
export function withLang(url: string, locale: LocaleTag): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}

/** The order's description for the gateway (the hosted page shows it), at most 100 characters. */
export function orderDescription(locale: LocaleTag): string {
  return formatMessage(shopTexts(locale).checkout.orderDescription, { items: BASKET.map((line) => line.name).join(', ') }).slice(0, 100);
}
