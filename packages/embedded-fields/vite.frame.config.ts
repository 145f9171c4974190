import { defineConfig } from 'vite';
import { entryLink, minifyCssLiterals, plainDynamicImports } from './build/vite-plugins.ts';

/**
 * dist/frame/: the secure frame documents the gateway serves at /frames/card and /frames/apm.
 * One build per document (`vite build --mode card`, then `--mode apm`), so each frame's
 * document loads ONE script until ready, not an entry plus a chunk shared with the other
 * frame. What loads later (the payment code, each locale's catalog, the phone rules) is split
 * out as usual; both builds write identical copies of those. `<frame>.manifest.json` is
 * Vite's backend-integration manifest: the gateway reads each catalog's file from it and
 * preloads the one the frame opens in.
 */
export default defineConfig(({ mode }) => {
  if (mode !== 'card' && mode !== 'apm') throw new Error('vite.frame.config.ts: build with --mode card or --mode apm');
  return {
    // .ts before .js: a stray compiled file must never shadow its source.
    resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
    root: 'src/secure',
    plugins: [minifyCssLiterals(), plainDynamicImports(), entryLink()],
    base: '/frames/',
    build: {
      outDir: '../../dist/frame',
      emptyOutDir: mode === 'card',
      target: 'es2022',
      sourcemap: true,
      manifest: `${mode}.manifest.json`,
      // No preload helper: each lazy chunk's only static dependency is the entry, already loaded.
      modulePreload: false,
      rollupOptions: { input: { [mode]: `src/secure/${mode}.html` } },
    },
  };
});
