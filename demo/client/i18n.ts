/**
 * The shopper's language on the page: starts as the language the server rendered the page in
 * (`<html lang>`), and when the shopper picks another one, re-applies every `data-t` text, the
 * country names, `<html lang>`, the hosted-page form's `locale`, and keeps the choice in a
 * cookie for the server-rendered return pages. Modules that render texts themselves subscribe.
 */
import { isLocaleTag, type LocaleTag } from '@payments/core';
import { LOCALE_COOKIE, pageTexts, shopTexts, type ShopTexts } from '../shared/i18n';

type Listener = (locale: LocaleTag) => void;

const listeners: Listener[] = [];
let current: LocaleTag = isLocaleTag(document.documentElement.lang) ? document.documentElement.lang : 'en-US';

export function currentLocale(): LocaleTag {
  return current;
}

/** The shop's words in the shopper's language. */
export function texts(): ShopTexts {
  return shopTexts(current);
}

/** Runs `listener` after every change of language. */
export function onLanguageChange(listener: Listener): void {
  listeners.push(listener);
}

export function setLocale(locale: LocaleTag): void {
  current = locale;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  applyPageTexts(locale);
  for (const listener of listeners) listener(locale);
}

/** The page's own `data-t` marks (as the server filled them), the country list and `<html lang>`. */
export function applyPageTexts(locale: LocaleTag): void {
  const page = pageTexts(locale);
  document.documentElement.lang = locale;
  for (const node of document.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = page[node.dataset.t as keyof typeof page] ?? node.textContent;
  for (const node of document.querySelectorAll<HTMLElement>('[data-t-label]')) node.setAttribute('aria-label', page[node.dataset.tLabel as keyof typeof page]);
  for (const node of document.querySelectorAll<HTMLElement>('[data-t-content]')) node.setAttribute('content', page[node.dataset.tContent as keyof typeof page]);
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="locale"][type="hidden"]')) input.value = locale;
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-countries]')) fillCountries(select, locale);
}

/** The countries by their names in `locale` (Intl.DisplayNames), in that language's order. */
function fillCountries(select: HTMLSelectElement, locale: LocaleTag): void {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  const chosen = select.value;
  const placeholder = select.querySelector('option[value=""]');
  const options = (select.dataset.countries ?? '')
    .split(' ')
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ code, name }) => {
      const option = document.createElement('option');
      option.value = code;
      option.textContent = name;
      return option;
    });
  select.replaceChildren(...(placeholder ? [placeholder] : []), ...options);
  select.value = chosen;
}

/** What the shopper is told when the shop's own API failed (by its error code). */
export function shopErrorMessage(code: string): string {
  const checkout = texts().checkout;
  if (code === 'network') return checkout.networkError;
  if (code === 'gateway_unavailable') return checkout.gatewayUnavailable;
  if (code === 'unknown_account') return checkout.unknownAccount;
  return checkout.serverError;
}
