/**
 * After the package's own build (scripts/build-node-package.ts): puts what the gateway serves
 * inside dist/, so an installed gateway needs nothing from this workspace (src/bundles.ts):
 *  - dist/browser/embedded-fields/  the Embedded Fields build (script, sri.json, frames)
 *  - dist/browser/hosted-page/      the hosted page build
 *  - dist/browser/dashboard/        the dashboard page's build (dashboard/, `pnpm build:dashboard`)
 *  - dist/browser/api-reference/     Scalar's standalone build, for the API reference at /docs
 *  - dist/assets/                   the fixture's assets (merchant logo, the reference's start script)
 *  - dist/workers/                  the card-decrypt worker thread's script, loaded by URL
 *                                   beside the compiled code (card-keys.ts), so not bundled
 * and builds dist/mock-gateway.mjs, the whole gateway and its dependencies in one file for a
 * plain `node mock-gateway.mjs` beside browser/ and assets/ (the Dockerfile's image; not
 * part of the npm package, which installs its dependencies).
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { packagedBundles, workspaceBundles } from '../src/bundles';

const from = workspaceBundles();
const to = packagedBundles('dist');
for (const key of ['embeddedFields', 'hostedPage', 'assets', 'dashboard'] as const) {
  if (!existsSync(from[key])) throw new Error(`${from[key]} is missing: build the browser packages first (pnpm build)`);
  // Source maps and types stay in the browser packages: the gateway serves what browsers run.
  cpSync(from[key], to[key], { recursive: true, filter: (file) => !/\.(map|d\.c?ts)$/.test(file) });
}

// The API reference (/docs): Scalar's standalone build alone, not its ESM chunks.
cpSync(join(from.apiReference, 'standalone.js'), join(to.apiReference, 'standalone.js'));

// The decrypt worker and what it imports: plain JavaScript, loaded by URL beside the bundle.
for (const file of ['card-decrypt-worker.mjs', 'below-the-event-loop.mjs']) cpSync(`src/workers/${file}`, `dist/workers/${file}`);

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/mock-gateway.mjs',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'eof',
  // Bundled CommonJS dependencies (fastify) call require(): give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // PGlite (--data) loads its WebAssembly beside its own module: not bundled. The single file
  // runs in memory; --data needs `npm i @electric-sql/pglite` beside it.
  external: ['@electric-sql/pglite'],
  logLevel: 'warning',
});
console.log('packaged dist/browser, dist/assets, dist/workers and dist/mock-gateway.mjs');
