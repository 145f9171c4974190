import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The shop's app, built into dist/ (served by server/shop-server.ts). Built with React's
 * development build (`.env`: NODE_ENV=development), so StrictMode runs every effect twice as
 * in a merchant's development server, and React's warnings (hydration, keys, effects) reach
 * the console, where the e2e suite listens.
 */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, minify: false, target: 'es2022' },
});
