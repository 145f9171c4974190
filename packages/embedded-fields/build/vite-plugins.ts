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
