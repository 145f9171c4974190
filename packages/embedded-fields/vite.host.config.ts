import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { minifyCssLiterals } from './build/vite-plugins.ts';

/**
 * The environment this build belongs to (src/host/gateway-origin.ts): `test` (the mock
 * gateway's, the default) or `production` (EF_ENVIRONMENT=production pnpm build).
 */
const environment = process.env.EF_ENVIRONMENT ?? 'test';
if (environment !== 'test' && environment !== 'production') throw new Error(`EF_ENVIRONMENT must be test or production, got ${environment}`);
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/**
 * The classic scripts merchants load from the gateway, in three builds:
 *  - `--mode actions` first: dist/embedded-fields-actions.js, the 3-D Secure dialog and the
 *    page-leaving redirects, loaded by the main script only once the shopper is in the form;
 *  - `--mode connect`: dist/embedded-fields-connect.js, penpal, loaded by the main script once
 *    a frame is ready (src/host/frame-messaging.ts);
 *  - then dist/embedded-fields.js, which carries the version and the SRI hashes of those
 *    files (src/host/gateway-script.ts), so pinning it pins all three.
 */
const SIDE_SCRIPTS: Record<string, { entry: string; file: string }> = {
  actions: { entry: 'src/host/actions-entry.ts', file: 'embedded-fields-actions.js' },
  connect: { entry: 'src/host/connect-entry.ts', file: 'embedded-fields-connect.js' },
};

export default defineConfig(({ mode }) => {
  const side = SIDE_SCRIPTS[mode];
  const actions = mode === 'actions';
  return {
    plugins: [minifyCssLiterals()],
    define: {
      __EF_ENVIRONMENT__: JSON.stringify(environment),
      __EF_VERSION__: JSON.stringify(version),
      __EF_ACTIONS_INTEGRITY__: JSON.stringify(side ? '' : sha384('dist/embedded-fields-actions.js')),
      __EF_CONNECT_INTEGRITY__: JSON.stringify(side ? '' : sha384('dist/embedded-fields-connect.js')),
    },
    // .ts before .js: a stray compiled file must never shadow its source.
    resolve: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
    build: {
      outDir: 'dist',
      emptyOutDir: actions,
      target: 'es2022',
      sourcemap: true,
      lib: {
        entry: side?.entry ?? 'src/host/global.ts',
        formats: ['iife'],
        name: 'EmbeddedFields',
        fileName: () => side?.file ?? 'embedded-fields.js',
      },
    },
  };
});

function sha384(file: string): string {
  return `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
}
