/**
 * The hosted page's document as the gateway fills it in per session (GET /hpp/{id};
 * routes/hosted-page-routes.ts), beyond its meta tags and data block:
 *  - the first view: the checkout, drawn by the page's own templates (the hosted page's
 *    `dist/first-view.js`, imported from the build being served), in the body, so the card
 *    field is usable as the document is parsed; the page's script takes it over;
 *  - the merchant's colours (CSS custom properties, checked for contrast) in a `<style>` of
 *    their own, for every document of a known session (`themeStyle`);
 *  - the page's own texts in its language (a data block, as the catalog: the script carries none);
 *  - the page's stylesheet inline instead of its `<link>`: the first view is drawn from the
 *    document alone, one round trip sooner on a phone;
 *  - with a first view, the page's script is not a module tag in the head: the first view's
 *    inline script asks for it once the first view has been drawn (the hosted page's take-over.ts).
 * The CSP allows exactly these styles, by their SHA-256. Anything missing from the build (an
 * older one) leaves the document as it was built: the page then draws itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleTag, SavedCardSummary } from '@payments/core';
import { cspHash, escapeHtml, scriptJson } from './html';
import { importFromBuild } from './build-module';

/** What dist/first-view.js exports (packages/hosted-page/src/first-view/first-view.ts). */
export interface FirstViewModule {
  renderFirstView(input: {
    sessionId: string;
    session: unknown;
    savedCards: readonly SavedCardSummary[];
    locale: LocaleTag;
    catalog: unknown;
    origin: string;
  }): { markup: string; css: string; title: string; texts: unknown } | undefined;
  PAGE_TEXTS: Readonly<Record<LocaleTag, unknown>>;
  /**
   * The first view's inline script: a click on Pay before the page's script runs is kept, and
   * (given its URL) the page's script is asked for once the first view is drawn.
   */
  firstViewScript: (pageScript?: string) => string;
  /**
   * The rest of a session's document, by the page's own rules (the hosted page's
   * first-view/session-document.ts); each may be missing from an older build, which then
   * carries the session, its texts and catalog whole and works its colours out itself:
   *  - `themeCss`: the merchant's colours, a `:root` rule for every document of the session;
   *  - `documentSession`: the session view for the data block, only the methods the page offers;
   *  - `documentTexts`: the page's texts in a locale, without the words of what the session cannot show;
   *  - `unusedCatalogSections`: core's catalog sections the session's page never reads (written empty).
   */
  themeCss?: (session: unknown) => string;
  /** What a shopper without JavaScript reads, per language (the built document says it in all four). */
  NOSCRIPT_TEXTS?: Readonly<Partial<Record<LocaleTag, string>>>;
  documentSession?: (session: unknown) => unknown;
  documentTexts?: (session: unknown, locale: LocaleTag) => unknown;
  unusedCatalogSections?: (session: unknown) => string[];
}

/** The build's first-view module; undefined when the build has none. */
export function firstViewModule(dist: string): Promise<FirstViewModule | undefined> {
  return importFromBuild<FirstViewModule>(
    join(dist, 'first-view.js'),
    (m) => typeof m.renderFirstView === 'function' && Boolean(m.PAGE_TEXTS) && typeof m.firstViewScript === 'function',
  );
}

/**
 * The data block with the page's texts in `locale` (the hosted page's texts.ts takes it):
 * given the session, only those its page can show.
 */
export function documentTextsTag(module: FirstViewModule, locale: LocaleTag, session?: unknown): string {
  const texts = session !== undefined && module.documentTexts ? module.documentTexts(session, locale) : module.PAGE_TEXTS[locale];
  return texts ? `<script type="application/json" id="hpp-texts" data-locale="${locale}">${scriptJson(texts)}</script>` : '';
}

/** The merchant's colours for a session's document: a `<style>` and its CSP hash; none from a build without `themeCss`. */
export function themeStyle(module: FirstViewModule, session: unknown): { tag: string; hash: string } | undefined {
  const css = module.themeCss?.(session).replace(/<\/style/gi, ''); // custom properties of checked colours only; never markup
  return css ? { tag: `<style>${css}</style>`, hash: cspHash(css) } : undefined;
}

/** The built document's line for a browser without JavaScript, in every language. */
const NOSCRIPT = /<noscript><p class="noscript">[^<]*<\/p><\/noscript>/;

/** The document with its line for a browser without JavaScript in `locale` only (the session's language is known). */
export function noscriptIn(html: string, module: FirstViewModule, locale: LocaleTag): string {
  const text = module.NOSCRIPT_TEXTS?.[locale];
  return text ? html.replace(NOSCRIPT, () => `<noscript><p class="noscript" lang="${locale}">${escapeHtml(text)}</p></noscript>`) : html;
}

/** The built document's stylesheet link: `<link rel="stylesheet" crossorigin href="/hpp/assets/index-….css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/hpp\/assets\/([\w.-]+\.css)">/;

const stylesheets = new Map<string, { tag: string; hash: string } | null>();

/**
 * The document with its stylesheet inline (a `<style>`, hashed for the CSP) instead of linked.
 * Hashed file names never change content: each is read once.
 */
export function inlineStylesheet(html: string, dist: string): { html: string; hashes: string[] } {
  const link = STYLESHEET_LINK.exec(html);
  if (!link) return { html, hashes: [] };
  const file = join(dist, 'assets', link[1]!);
  let inline = stylesheets.get(file);
  if (inline === undefined) {
    try {
      const css = readFileSync(file, 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
      // What would end the style element: never in our CSS, but then it stays a file.
      inline = /<\/style/i.test(css) ? null : { tag: `<style>${css}</style>`, hash: cspHash(css) };
    } catch {
      inline = null;
    }
    stylesheets.set(file, inline);
  }
  if (!inline) return { html, hashes: [] };
  const { tag, hash } = inline;
  return { html: html.replace(link[0], () => tag), hashes: [hash] };
}

/** The built document's script: `<script type="module" crossorigin src="/hpp/assets/index-….js"></script>`. */
const PAGE_SCRIPT_TAG = /\s*<script type="module"(?: crossorigin)? src="(\/hpp\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * A first view written into `html`: its markup first in the body; its styles (if any) and its one
 * script in the head, the page's script tag replaced by that script's load of it once the
 * first view is drawn; the title and language its own. Answers the style and script hashes.
 */
export function withFirstView(
  html: string,
  view: { markup: string; css: string; title: string },
  firstViewScript: FirstViewModule['firstViewScript'],
  locale: LocaleTag,
): { html: string; styleHashes: string[]; scriptHashes: string[] } {
  const css = view.css.replace(/<\/style/gi, ''); // custom properties of checked colours only; never markup
  const pageScript = PAGE_SCRIPT_TAG.exec(html);
  const code = firstViewScript(pageScript?.[1]).replace(/<\/script/gi, '');
  const style = css ? `<style>${css}</style>\n    ` : '';
  return {
    html: (pageScript ? html.replace(pageScript[0], '') : html)
      .replace(/<html(?: lang="[^"]*")?>/, `<html lang="${locale}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(view.title)}</title>`)
      .replace('</head>', () => `  ${style}<script>${code}</script>\n  </head>`)
      .replace(/<body>/, (body) => `${body}\n    ${view.markup}`),
    styleHashes: css ? [cspHash(css)] : [],
    scriptHashes: [cspHash(code)],
  };
}
