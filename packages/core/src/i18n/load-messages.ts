/**
 * Catalogs for browser bundles: each locale's catalog is a chunk of its own, loaded when the
 * locale is first used, so a card frame or hosted page downloads the one catalog it shows
 * (the gateway writes the one a document opens in into the document itself, and the page
 * hands it over with `provideMessages`). `loadMessages` before the first render in a locale;
 * `loadedMessages` while rendering. Servers and tests, which need every catalog at once, use
 * `messages` (./messages.ts) instead.
 */
import type { LocaleTag } from './locales';
import type { Messages } from './messages-type';

const IMPORTS: Readonly<Record<LocaleTag, () => Promise<Messages>>> = {
  'en-US': () => import('./en-us').then((m) => m.enUS),
  'bs-BA': () => import('./bs-ba').then((m) => m.bsBA),
  'ro-RO': () => import('./ro-ro').then((m) => m.roRO),
  'sv-SE': () => import('./sv-se').then((m) => m.svSE),
};

/**
 * The id of the `<script type="application/json">` data block in which the gateway writes a
 * document's catalog (its `data-locale` names the locale), for the page to hand to
 * `provideMessages`: the one contract between the gateway that writes it and the pages that read it.
 */
export const DOCUMENT_CATALOG_ELEMENT_ID = 'ef-catalog';

/** A catalog's sections: what a catalog handed over by a document must at least have. */
export const MESSAGE_SECTIONS = [
  'labels',
  'placeholders',
  'cardErrors',
  'customerErrors',
  'threeDsErrors',
  'savedCard',
  'cardNetwork',
  'alternativeMethods',
  'status',
  'hostedPage',
  'plurals',
] as const satisfies readonly (keyof Messages)[];

const loaded = new Map<LocaleTag, Messages>();
const loading = new Map<LocaleTag, Promise<Messages>>();

/** Loads (once) the catalog of `locale`. A failed load is retried on the next call. */
export function loadMessages(locale: LocaleTag): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (!pending) {
    pending = IMPORTS[locale]().then(
      (catalog) => {
        loaded.set(locale, catalog);
        loading.delete(locale);
        return catalog;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Takes `catalog` as the catalog of `locale` (one the gateway wrote into the document, so the
 * page needs no request for it), if it has every section; answers whether it was taken. A
 * catalog that does not fit (another build's) is ignored: `loadMessages` fetches the chunk.
 */
export function provideMessages(locale: LocaleTag, catalog: unknown): boolean {
  if (typeof catalog !== 'object' || catalog === null) return false;
  const sections = catalog as Record<string, unknown>;
  if (!MESSAGE_SECTIONS.every((section) => typeof sections[section] === 'object' && sections[section] !== null)) return false;
  loaded.set(locale, catalog as Messages);
  return true;
}

/** The catalog of `locale`, which {@link loadMessages} must have loaded (a programming error otherwise). */
export function loadedMessages(locale: LocaleTag): Messages {
  const catalog = loaded.get(locale);
  if (!catalog) throw new Error(`loadedMessages: the ${locale} catalog is not loaded (await loadMessages first)`);
  return catalog;
}

/** True once {@link loadMessages} has loaded `locale`. */
export function hasLoadedMessages(locale: LocaleTag): boolean {
  return loaded.has(locale);
}
