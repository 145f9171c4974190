/** The gateway pages' catalogs, by locale. */
import type { LocaleTag } from '../locales';
import { gatewayPagesBsBA } from './bs-ba';
import { gatewayPagesEnUS } from './en-us';
import { gatewayPagesRoRO } from './ro-ro';
import { gatewayPagesSvSE } from './sv-se';
import type { GatewayPageTexts } from './texts-type';

export type { GatewayPageTexts } from './texts-type';

export const GATEWAY_PAGE_CATALOGS: Readonly<Record<LocaleTag, GatewayPageTexts>> = {
  'en-US': gatewayPagesEnUS,
  'bs-BA': gatewayPagesBsBA,
  'ro-RO': gatewayPagesRoRO,
  'sv-SE': gatewayPagesSvSE,
};

/** The gateway pages' texts in a supported locale. */
export function gatewayPageTexts(locale: LocaleTag): GatewayPageTexts {
  return GATEWAY_PAGE_CATALOGS[locale];
}
