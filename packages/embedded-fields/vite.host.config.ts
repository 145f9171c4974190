import { defineConfig } from 'vite';
import { minifyCssLiterals } from './build/vite-plugins.ts';

/** dist/embedded-fields.js: the classic script merchants load from the gateway. */
export default defineConfig({
  plugins: [minifyCssLiterals()],
  // .ts before .js: a stray compiled file must never shadow its source.
  resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: 'src/host/global.ts',
      formats: ['iife'],
      name: 'EmbeddedFields',
      fileName: () => 'embedded-fields.js',
    },
  },
});
