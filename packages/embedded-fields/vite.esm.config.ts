import { defineConfig } from 'vite';

/** dist/index.js: the ESM loader (loadPaymentComponent) for bundler users. */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
  },
});
