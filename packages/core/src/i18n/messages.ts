/** Looking up a locale's catalog and filling in its parameters. */
import { bsBA } from './bs-ba';
import { enUS } from './en-us';
import type { LocaleTag } from './locales';
import type { Messages } from './messages-type';
import { roRO } from './ro-ro';
import { svSE } from './sv-se';

/** Every catalog, by locale. */
export const CATALOGS: Readonly<Record<LocaleTag, Messages>> = {
  'en-US': enUS,
  'bs-BA': bsBA,
  'ro-RO': roRO,
  'sv-SE': svSE,
};

/** The catalog of a supported locale (resolve free-form tags with `resolveLocale`). */
export function messages(locale: LocaleTag): Messages {
  return CATALOGS[locale];
}

/**
 * Fills `{name}` parameters: formatMessage('Pay {amount}', {amount: '€10.00'}). A parameter
 * without a value is left as written, so a missing value shows rather than crashes.
 */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
