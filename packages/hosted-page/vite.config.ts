/**
 * dist/: the hosted payment page. `index.html` is the document template the gateway fills
 * in per session (GET /hpp/{session_id}); every script and stylesheet is a hashed file
 * under /hpp/assets/, served by the gateway with a long cache life (the gateway writes the
 * stylesheet into the document, allowed by its hash). No inline script in the build. Built with `--configLoader runner`: the shared
 * plugins come from a workspace package's TypeScript source.
 */
import { collapseHtmlWhitespace, minifyCssLiterals, plainDynamicImports } from '@payments/embedded-fields/build';
import { defineConfig } from 'vite';
import { cardFormCssInStylesheet } from './build/card-form-css';

export default defineConfig({
  // .ts before .js: a stray compiled file must never shadow its source.
  resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'], dedupe: ['lit', '@payments/core'] },
  // Lazy chunks (the paying code, each catalog) import no stylesheet: the plain dynamic import suffices.
  // The card form's CSS moves from its script into the page's stylesheet (build/card-form-css.ts).
  // The templates' line breaks and indentation become one space each, here and in the first
  // view drawn from the same templates (scripts/build-first-view.ts): the same markup, smaller.
  plugins: [minifyCssLiterals(), collapseHtmlWhitespace(), cardFormCssInStylesheet(), plainDynamicImports()],
  root: 'src',
  base: '/hpp/',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    assetsDir: 'assets',
    // The gateway reads it to preload the session's locale catalog with the document.
    manifest: 'manifest.json',
    // Small assets stay files: a data: URL in CSS would be fine, but one policy is simpler.
    assetsInlineLimit: 0,
    // No preload helper: each lazy chunk's only static dependency is the entry, already loaded.
    modulePreload: false,
    rollupOptions: { input: 'src/index.html' },
  },
});
