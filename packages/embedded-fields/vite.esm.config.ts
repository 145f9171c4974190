import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

/**
 * dist/index.js: the ESM loader (loadPaymentComponent) for bundler users. Built after
 * dist/embedded-fields.js (package.json's build), so it carries that build's version and
 * SRI hash: the loader asks the gateway for exactly the script it was released with.
 */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const integrity = `sha384-${createHash('sha384').update(readFileSync('dist/embedded-fields.js')).digest('base64')}`;

export default defineConfig({
  define: {
    __EMBEDDED_FIELDS_VERSION__: JSON.stringify(version),
    __EMBEDDED_FIELDS_INTEGRITY__: JSON.stringify(integrity),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
  },
});
