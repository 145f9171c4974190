/**
 * The one locale catalog a browser document opens in, written into the document itself: the
 * secure frames and the hosted page load each locale's catalog as a chunk of its own, on
 * demand; the one they open in comes with the document as
 * `<script type="application/json" id="ef-catalog" data-locale="…">` (a data block, never
 * run), which the page hands to core's `provideMessages`, so it needs no request and no
 * module import before it can draw. Other locales still load as chunks (changeLocale).
 *
 * The catalog is the very chunk the page would load: its file comes from the build's Vite
 * manifest (the entry whose source is core's catalog of that locale, packages/core/src/i18n/
 * <locale>.ts) and is imported here (a module of plain data), so the words always match the
 * build being served.
 */
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOCUMENT_CATALOG_ELEMENT_ID, LOCALES, type LocaleTag } from '@payments/core';
import { scriptJson } from './html';
import { viteManifest } from './vite-manifest';

/**
 * The data block with `locale`'s catalog from the build described by `manifestPath` (its
 * files are relative to the manifest's folder); '' when the manifest or the chunk is missing
 * (an older build): the page then loads the chunk itself, one round trip later.
 */
export async function documentCatalogTag(
  manifestPath: string,
  locale: LocaleTag,
  { rehearsal = false, unused = [] }: { rehearsal?: boolean; unused?: readonly string[] } = {},
): Promise<string> {
  const file = catalogFiles(manifestPath)[locale];
  if (!file) return '';
  const catalog = await catalogIn(join(dirname(manifestPath), file));
  if (catalog === undefined) return '';
  const carried = rehearsal ? rehearsalCatalog(catalog) : withoutSections(catalog, unused);
  return `<script type="application/json" id="${DOCUMENT_CATALOG_ELEMENT_ID}" data-locale="${locale}">${scriptJson(carried)}</script>`;
}

/** The catalog of `locale` itself, from the build described by `manifestPath`; undefined when missing (as for documentCatalogTag). */
export async function documentCatalog(manifestPath: string, locale: LocaleTag): Promise<unknown> {
  const file = catalogFiles(manifestPath)[locale];
  return file ? catalogIn(join(dirname(manifestPath), file)) : undefined;
}

/** What a default card form shows before anyone types: the rehearsal's words (embedded-fields' secure/rehearsal.ts). */
const SHOWN_SECTIONS = ['labels', 'placeholders'];

/**
 * The catalog the preload document's rehearsal draws with: only the words a default form
 * shows, so the rehearsal lays out the very text a mount will; every other section empty
 * (there, so that core's provideMessages takes it). Part of every card mount's bytes: 0.3 kB
 * brotli against 1.3 kB for the whole catalog.
 */
export function rehearsalCatalog(catalog: unknown): unknown {
  if (typeof catalog !== 'object' || catalog === null) return catalog;
  return withoutSections(catalog, Object.keys(catalog).filter((section) => !SHOWN_SECTIONS.includes(section)));
}

/** `catalog` with the `unused` sections empty: a frame that never shows them does not download them. */
function withoutSections(catalog: unknown, unused: readonly string[]): unknown {
  if (unused.length === 0 || typeof catalog !== 'object' || catalog === null) return catalog;
  return Object.fromEntries(Object.entries(catalog).map(([section, texts]) => [section, unused.includes(section) ? {} : texts]));
}

/** Content-hashed chunks never change: each is imported once. */
const catalogs = new Map<string, Promise<unknown>>();

function catalogIn(path: string): Promise<unknown> {
  let catalog = catalogs.get(path);
  if (!catalog) {
    // The chunk's one export is the catalog (its name is the bundler's).
    catalog = import(pathToFileURL(path).href).then(
      (module: Record<string, unknown>) => Object.values(module)[0],
      () => {
        catalogs.delete(path);
        return undefined;
      },
    );
    catalogs.set(path, catalog);
  }
  return catalog;
}

/** Each locale's catalog chunk in the build: the manifest entries whose source is core's catalog of that locale. */
function catalogFiles(manifestPath: string): Partial<Record<LocaleTag, string>> {
  const files: Partial<Record<LocaleTag, string>> = {};
  for (const entry of Object.values(viteManifest(manifestPath) ?? {})) {
    const locale = LOCALES.find((tag) => entry?.src?.endsWith(`/i18n/${tag.toLowerCase()}.ts`));
    // Chunk names are content hashes under assets/: nothing else is ever imported.
    if (entry && locale && /^assets\/[\w.-]+\.js$/.test(entry.file)) files[locale] = entry.file;
  }
  return files;
}
