import { defineConfig } from 'vite';

/** dist/frame/: the secure frame documents the gateway serves at /frames/card and /frames/apm. */
export default defineConfig({
  // .ts before .js: a stray compiled file must never shadow its source.
  resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
  root: 'src/secure',
  base: '/frames/',
  build: {
    outDir: '../../dist/frame',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    // One document per frame: card (card, saved-card) and apm (alternative methods, redirect factories).
    rollupOptions: { input: { card: 'src/secure/card.html', apm: 'src/secure/apm.html' } },
  },
});
