import { defineConfig } from 'vite';

/** dist/frame/: the secure card frame document the gateway serves at /frames/card. */
export default defineConfig({
  // .ts before .js: a stray compiled file must never shadow its source.
  resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
  root: 'src/frame',
  base: '/frames/',
  build: {
    outDir: '../../dist/frame',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'src/frame/card.html' },
  },
});
