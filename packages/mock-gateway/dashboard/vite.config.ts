/**
 * dashboard/dist: the sandbox inspector the gateway serves at /dashboard (src/dashboard/page.ts).
 * One document, its hashed script under /dashboard/assets/ (the styles are lit's, inside it):
 * no inline script or style, so the document's CSP allows 'self' only.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
  root: here('./src'),
  base: '/dashboard/',
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    modulePreload: false,
    rollupOptions: { input: here('./src/index.html') },
  },
});
