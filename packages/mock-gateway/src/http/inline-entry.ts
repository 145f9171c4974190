/**
 * A frame document with its entry script written into it (`/frames/card?…&script=inline`):
 * what embedded-fields.js asks for when the card is mounted before its preload frame has put
 * the entry in the browser's cache (a card mounted as the script loads). The frame then
 * needs ONE round trip instead of two (document, then script): on a phone's network
 * (150 ms round trip) the difference between the card and an empty frame.
 *
 * The entry runs as an inline module; its lazy chunks (payment code, other catalogs, penpal)
 * are still files:
 *  - an import map sends the entry's relative imports (`./payment-….js`, resolved against
 *    the document, /frames/) to /frames/assets/, and the chunks' import of the entry's own
 *    URL to `<entry>.link.js`, which hands them the inline entry's exports (embedded-fields'
 *    build/vite-plugins.ts, entryLink), so nothing runs twice;
 *  - the CSP allows exactly these two inline scripts, by their SHA-256 (`hashes`).
 * Undefined when the build has no link file (an older build) or the script could not be
 * inlined safely: the caller serves the document as built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cspHash } from './html';

export interface InlinedDocument {
  html: string;
  /** `'sha256-…'` of each inline script, for script-src. */
  hashes: string[];
}

/** The built document's one entry script tag: `<script type="module" crossorigin src="/frames/assets/card-….js"></script>`. */
const ENTRY_TAG = /<script type="module" crossorigin src="\/frames\/assets\/([\w-]+\.js)"><\/script>/;

export function inlineEntry(html: string, frameDir: string): InlinedDocument | undefined {
  const tag = ENTRY_TAG.exec(html);
  if (!tag) return undefined;
  const entry = tag[1]!;
  const link = entry.replace(/\.js$/, '.link.js');
  const entryFile = join(frameDir, 'assets', entry);
  if (!existsSync(entryFile) || !existsSync(join(frameDir, 'assets', link))) return undefined;
  // The source map, named relative to the script's own URL, from the document's.
  const code = readFileSync(entryFile, 'utf8').replace(/\/\/# sourceMappingURL=([\w.-]+)\s*$/, '//# sourceMappingURL=/frames/assets/$1');
  // What would end or escape a script element's text: never in a minified bundle, but not inlined if it is.
  if (/<\/script|<!--|<script/i.test(code)) return undefined;
  const importMap = JSON.stringify({
    imports: {
      // More specific keys win: the chunks' import of the entry, then the assets as they are, then the entry's relative imports.
      [`/frames/assets/${entry}`]: `/frames/assets/${link}`,
      '/frames/assets/': '/frames/assets/',
      '/frames/': '/frames/assets/',
    },
  });
  return {
    html: html.replace(tag[0], () => `<script type="importmap">${importMap}</script>\n    <script type="module">${code}</script>`),
    hashes: [cspHash(importMap), cspHash(code)],
  };
}
