/**
 * The shopper's language on the server-rendered pages: the language they picked on the shop
 * (the page script keeps it in a cookie), else the `lang` the shop put in the return URLs it
 * gave the gateway, else the browser's Accept-Language, else en-US.
 */
import type { FastifyRequest } from 'fastify';
import { isLocaleTag, resolveLocale, type LocaleTag } from '@payments/core';
import { LOCALE_COOKIE } from '../shared/i18n';

/** One cookie's value from a Cookie header (the shop sets only this one). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Accept-Language's tags, most wanted first ("sv-SE,sv;q=0.9,en;q=0.5"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

export function shopperLocale(request: FastifyRequest): LocaleTag {
  const query = (request.query ?? {}) as { lang?: unknown };
  const chosen = [cookieValue(request.headers.cookie, LOCALE_COOKIE), query.lang].find(isLocaleTag);
  return chosen ?? resolveLocale(undefined, acceptedLanguages(request.headers['accept-language']));
}
