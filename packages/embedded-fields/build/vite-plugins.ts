/**
 * Build plugins shared by the Vite builds of Embedded Fields (the merchant's script, the
 * secure frames) and of the hosted page, which bundles the secure face. Workspace-only: the
 * package's published exports do not list this file.
 */
import { minifyHTMLLiterals } from 'minify-literals';
import type { Plugin } from 'vite';

/**
 * Minifies the CSS in lit's css`` templates with Lightning CSS (minify-literals): the
 * stylesheets stay written for people, the frames ship them without comments and indentation.
 * The markup in html`` is left as written: an HTML minifier does not know lit's bindings (it
 * broke the payment-method form's error rendering) and saved about 100 bytes.
 */
export function minifyCssLiterals(): Plugin {
  return {
    name: 'payments-minify-css-literals',
    async transform(code, id) {
      if (!/\.ts$/.test(id) || id.includes('/node_modules/') || !code.includes('css`')) return null;
      const result = await minifyHTMLLiterals(code, {
        fileName: id,
        html: false,
      });
      return result ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * The line breaks of lit's html`` and svg`` templates, with the indentation around them, as
 * one space each: the markup's indentation is for people, and a browser draws a run of
 * spaces and line breaks as one space anyway (no template here has a `<pre>`, a
 * `<textarea>` or `white-space: pre`). Nothing else changes: no tag, attribute, quote or
 * binding is touched (an HTML minifier does not know lit's bindings: minifyCssLiterals),
 * only whitespace between them, so the bindings stay where lit looks for them.
 */
export function collapseTemplateLineBreaks(text: string): string {
  return text.replace(/[ \t]*(?:\r?\n[ \t]*)+/g, ' ');
}

/** The same for a module's source: each html``/svg`` literal's static parts, its expressions untouched. */
export async function collapseTemplateWhitespace(code: string, fileName: string): Promise<{ code: string; map?: unknown } | null> {
  if (!code.includes('html`') && !code.includes('svg`')) return null;
  return minifyHTMLLiterals(code, { fileName, css: false, html: collapseTemplateLineBreaks });
}

/**
 * collapseTemplateLineBreaks in every html``/svg`` literal of the build's own sources (the
 * hosted page's, and the secure face's it bundles: the card form's markup). A page whose
 * markup is also drawn by a Node build (a first view) must draw it with the same option
 * (first-view-build.ts), so the two stay alike.
 */
export function collapseHtmlWhitespace(): Plugin {
  return {
    name: 'payments-collapse-html-whitespace',
    async transform(code, id) {
      if (!/\.ts$/.test(id) || id.includes('/node_modules/')) return null;
      const result = await collapseTemplateWhitespace(code, id);
      return result ? { code: result.code, map: result.map as never } : null;
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps every dynamic import in a preload helper (~2 kB) that fetches the imported
 * chunk's CSS and JS dependencies alongside it, even with `modulePreload: false`
 * (vitejs/vite#13952). Our lazy chunks (payment code, catalogs, phone rules) import no CSS
 * and depend only on the entry, already loaded, so the helper has nothing to do: this one
 * just imports. Do not use it in a build whose lazy chunks import stylesheets.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'payments-plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
  };
}

/** Where a frame entry publishes its exports for its lazy chunks (entryLink). */
export const ENTRY_EXPORTS_KEY = 'ef-frame-entry';

/**
 * Lets the gateway inline a frame's entry script in the frame document (one round trip for a
 * card mounted as embedded-fields.js loads, mock-gateway's routes/frames.ts), which the lazy
 * chunks would otherwise break: they import what they share with the entry (the loaded
 * catalogs, lit) from the entry's URL, and an inline module has none, so the browser would
 * fetch and run the entry a second time, with empty state. So:
 *  - the entry also publishes its exports on `self[Symbol.for('ef-frame-entry')]`, at the
 *    end of its code (the source map's earlier columns stay true);
 *  - `assets/<entry>.link.js` re-exports them from there: the inline document's import map
 *    points the entry's URL at it, so a chunk gets the very functions (and state) of the
 *    inline entry. An external entry's document never loads it.
 */
export function entryLink(): Plugin {
  return {
    name: 'payments-entry-link',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const exported = /export\s*\{([^}]*)\};?/.exec(chunk.code);
        if (!exported) continue;
        const pairs = exported[1]!
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [local, name = local] = part.split(/\s+as\s+/);
            return { local: local!, name: name! };
          });
        const publish = `self[Symbol.for(${JSON.stringify(ENTRY_EXPORTS_KEY)})]={${pairs.map(({ local, name }) => `${name}:${local}`).join(',')}};`;
        const end = exported.index + exported[0].length;
        chunk.code = `${chunk.code.slice(0, end)}${publish}${chunk.code.slice(end)}`;
        const names = pairs.map(({ name }) => name);
        this.emitFile({
          type: 'asset',
          fileName: chunk.fileName.replace(/\.js$/, '.link.js'),
          source: `const e=self[Symbol.for(${JSON.stringify(ENTRY_EXPORTS_KEY)})];export const{${names.join(',')}}=e;\n`,
        });
      }
    },
  };
}
