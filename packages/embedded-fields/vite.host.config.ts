import { defineConfig } from 'vite';
import { minifyCssLiterals } from './build/vite-plugins.ts';

/**
 * The environment this build belongs to (src/host/gateway-origin.ts): `test` (the mock
 * gateway's, the default) or `production` (EF_ENVIRONMENT=production pnpm build).
 */
const environment = process.env.EF_ENVIRONMENT ?? 'test';
if (environment !== 'test' && environment !== 'production') throw new Error(`EF_ENVIRONMENT must be test or production, got ${environment}`);

/** dist/embedded-fields.js: the classic script merchants load from the gateway. */
export default defineConfig({
  plugins: [minifyCssLiterals()],
  define: { __EF_ENVIRONMENT__: JSON.stringify(environment) },
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
