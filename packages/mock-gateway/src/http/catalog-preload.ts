/**
 * The one locale catalog a browser document needs, announced in the document itself: the
 * secure frames and the hosted page load each locale's catalog as a chunk of its own, on
 * demand, and `<link rel="modulepreload">` lets the browser fetch the one the document opens
 * in alongside its script instead of after it. The chunk's file comes from the build's Vite
 * manifest (the backend-integration manifest): the entry whose source is core's catalog of
 * that locale (packages/core/src/i18n/<locale>.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { LOCALES, type LocaleTag } from '@payments/core';

interface ManifestEntry {
  file: string;
  src?: string;
}

/**
 * The modulepreload tag for `locale`'s catalog in the build described by `manifestPath`,
 * under the public path `base` ('/frames/', '/hpp/'); '' when the manifest or the entry is
 * missing (an older build): the page still loads the catalog, one round trip later.
 */
export function catalogPreloadTag(manifestPath: string, base: string, locale: LocaleTag): string {
  const file = catalogFiles(manifestPath)[locale];
  return file ? `<link rel="modulepreload" href="${base}${file}" />` : '';
}

/** Read again when the build changes (a rebuild while the gateway runs). */
const cache = new Map<string, { mtimeMs: number; files: Partial<Record<LocaleTag, string>> }>();

function catalogFiles(manifestPath: string): Partial<Record<LocaleTag, string>> {
  const files: Partial<Record<LocaleTag, string>> = {};
  try {
    const { mtimeMs } = statSync(manifestPath);
    const cached = cache.get(manifestPath);
    if (cached?.mtimeMs === mtimeMs) return cached.files;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
    for (const entry of Object.values(manifest)) {
      const locale = LOCALES.find((tag) => entry.src?.endsWith(`/i18n/${tag.toLowerCase()}.ts`));
      // Chunk names are content hashes under assets/: nothing else ever reaches the document.
      if (locale && /^assets\/[\w.-]+\.js$/.test(entry.file)) files[locale] = entry.file;
    }
    cache.set(manifestPath, { mtimeMs, files });
  } catch {
    // No manifest (an older build) or an unreadable one: no preload.
  }
  return files;
}
