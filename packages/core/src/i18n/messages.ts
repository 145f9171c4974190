/** Every catalog at once, for servers and tests (browser bundles load one: ./load-messages.ts). */
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
