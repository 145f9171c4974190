/**
 * The card frame's document with its first view (GET /frames/card with `config`: the host's
 * configuration of a new-card form, base64url JSON, which embedded-fields.js sends in the query when the
 * card is mounted as the script loads; routes/frames.ts): the form drawn by the build's own
 * renderer (Embedded Fields' `dist/frame/card-first-view.js`, imported from the build being
 * served), so the parser draws it and a one-line script posts the ready report before the
 * frame's module has run. The document:
 *  - head: the form's stylesheet and the merchant's allowed style properties, one `<style>`
 *    (the frame's script, which carries no stylesheet of its own, keeps it as the form's);
 *  - body: the form, the ready script, then what the built document's head carried (the
 *    catalog's data block, the import map and the entry, inline or not): the report does
 *    not wait for their bytes, and the module takes the form over once it runs.
 * The CSP allows that style and that script by their SHA-256. Anything missing (an older
 * build, a configuration the renderer declines) leaves the document as it was built.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { isLocaleTag, type LocaleTag } from '@payments/core';
import { documentCatalog } from './document-catalog';
import { importFromBuild } from './build-module';
import { cspHash } from './html';

/** What dist/frame/card-first-view.js exports (embedded-fields' src/secure/first-view/card-first-view.ts). */
interface CardFirstViewModule {
  renderCardFirstView(input: { config: unknown; locale: LocaleTag; catalog: unknown }): Promise<{ markup: string; css: string } | undefined>;
  CARD_FIRST_VIEW_READY_SCRIPT: string;
}

/** The longest `config` drawn (the host sends a longer one in the fragment: embedded-fields' frame-connection.ts). */
export const MAX_FIRST_VIEW_CONFIG_LENGTH = 4096;

/** The build's renderer; undefined when the build has none. */
function firstViewModule(frameDir: string): Promise<CardFirstViewModule | undefined> {
  return importFromBuild<CardFirstViewModule>(
    join(frameDir, 'card-first-view.js'),
    (m) => typeof m.renderCardFirstView === 'function' && typeof m.CARD_FIRST_VIEW_READY_SCRIPT === 'string',
  );
}

export interface FirstViewDocument {
  html: string;
  /** Names this exact document (its build, locale and configuration): compressed once. */
  key: string;
  scriptHashes: string[];
  styleHashes: string[];
}

/** Documents drawn, per build document and configuration: a merchant's page mounts the same form again and again. */
const drawnDocuments = new Map<string, FirstViewDocument | null>();

/**
 * A configuration not drawn before costs the gateway its drawing and a compression at
 * brotli's highest level (some 90 ms of a core for the document with its entry inline): a
 * session may ask for that a few times (a page mounts one or two forms), not for every
 * configuration a script could make up. Past it, the plain document (cached) answers, and
 * the frame's script draws the form.
 */
export const NEW_DRAWINGS_PER_SESSION = 4;
const newDrawings = new Map<string, number>();

/** The head's scripts of a built document, in order: the catalog's data block, the import map, the entry. */
const HEAD_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/**
 * `built` (the frame's document of `locale`, as routes/frames.ts makes it) with the form that
 * `config` describes drawn into it; undefined when there is none to draw.
 */
export async function cardFirstViewDocument(
  frameDir: string,
  built: { html: string; key: string; scriptHashes: string[] },
  locale: string | undefined,
  config: string,
  sessionId: string,
): Promise<FirstViewDocument | undefined> {
  if (!isLocaleTag(locale) || config.length > MAX_FIRST_VIEW_CONFIG_LENGTH) return undefined;
  const key = `${built.key}:first-view:${createHash('sha256').update(config).digest('base64url')}`;
  const known = drawnDocuments.get(key);
  if (known !== undefined) return known ?? undefined;
  const drawings = newDrawings.get(sessionId) ?? 0;
  if (drawings >= NEW_DRAWINGS_PER_SESSION) return undefined;
  if (newDrawings.size >= 10_000) newDrawings.clear(); // never unbounded
  newDrawings.set(sessionId, drawings + 1);
  const module = await firstViewModule(frameDir);
  const catalog = await documentCatalog(join(frameDir, 'card.manifest.json'), locale);
  if (!module || catalog === undefined) return undefined;
  let parsed: unknown;
  try {
    // base64url JSON (embedded-fields' shared/protocol.ts, configParam): a merchant's words never look like markup to the edge.
    parsed = /^[\w-]*$/.test(config) ? JSON.parse(Buffer.from(config, 'base64url').toString('utf8')) : undefined;
  } catch {
    parsed = undefined;
  }
  const view = parsed === undefined ? undefined : await module.renderCardFirstView({ config: parsed, locale, catalog }).catch(() => undefined);
  const document = view ? compose(built, view, module.CARD_FIRST_VIEW_READY_SCRIPT, locale, key) : undefined;
  if (drawnDocuments.size >= 256) drawnDocuments.clear(); // never unbounded: a page's few forms are drawn again
  drawnDocuments.set(key, document ?? null);
  return document;
}

function compose(
  built: { html: string; scriptHashes: string[] },
  view: { markup: string; css: string },
  readyScript: string,
  locale: LocaleTag,
  key: string,
): FirstViewDocument | undefined {
  const head = /<head>([\s\S]*?)<\/head>/.exec(built.html)?.[1];
  if (head === undefined || /<\/style/i.test(view.css)) return undefined;
  const scripts = head.match(HEAD_SCRIPT) ?? [];
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0] ?? '<title>Secure card payment</title>';
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    title,
    `<style>${view.css}</style>`,
    '</head>',
    `<body>${view.markup}`,
    `<script>${readyScript}</script>`,
    ...scripts,
    '</body>',
    '</html>',
  ].join('\n');
  return { html, key, scriptHashes: [...built.scriptHashes, cspHash(readyScript)], styleHashes: [cspHash(view.css)] };
}
