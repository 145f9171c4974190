/**
 * Builds a Node package of the workspace (core, mock-gateway, testing) for publishing:
 * each entry to ESM JavaScript (esbuild) and one bundled `.d.ts` per entry (rollup-plugin-dts),
 * dependencies and other packages staying imports in both.
 *
 * The entries are read from package.json, so there is one list: every `publishConfig.exports`
 * key is built from the same key of `exports` (the workspace's src/*.ts), every
 * `publishConfig.bin` from `bin`. pnpm applies `publishConfig` when packing, so the
 * workspace runs from src/ and the tarball from dist/. Each published entry loads with import
 * and require(), typed for both (scripts/published-exports.ts: the shape, the .d.cts copies).
 *
 * Usage (in a package folder): tsx ../../scripts/build-node-package.ts
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { jsEntries, writeRequireTypes } from './published-exports';

type ExportTarget = string | { types?: string; import?: string; default?: string };

interface Manifest {
  exports: Record<string, ExportTarget>;
  bin?: Record<string, string>;
  publishConfig: { exports: Record<string, unknown>; bin?: Record<string, string> };
}

const ROOT_TSCONFIG = join(import.meta.dirname, '..', 'tsconfig.json');
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;

function runtimeFile(target: ExportTarget | undefined): string | undefined {
  return typeof target === 'string' ? target : (target?.import ?? target?.default);
}

/** dist/x.js → x: the output name esbuild writes into dist/. */
function outName(file: string): string {
  const match = /^\.\/dist\/(.+)\.js$/.exec(file);
  if (!match) throw new Error(`publishConfig points outside dist/*.js: ${file}`);
  return match[1]!;
}

const published = jsEntries(manifest.publishConfig.exports);
const entries = published.map(({ key, js, types }) => {
  const source = runtimeFile(manifest.exports[key]);
  if (!source?.endsWith('.ts')) throw new Error(`exports["${key}"] should point at a src/*.ts file`);
  return { source, out: outName(js), types };
});
const bins = Object.entries(manifest.publishConfig.bin ?? {}).map(([name, out]) => {
  const source = manifest.bin?.[name];
  if (!source) throw new Error(`bin["${name}"] missing`);
  return { source, out: outName(out) };
});

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
await build({
  entryPoints: [...entries, ...bins].map(({ source, out }) => ({ in: source, out })),
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // A package's tsconfig may map a sibling to its source (`paths`, so a fresh checkout
  // type-checks before any build): esbuild follows `paths`, so name the siblings external too.
  external: ['@payments/*'],
  sourcemap: true,
  logLevel: 'warning',
});

// A bin runs with the node that runs npx, not through tsx.
for (const { out } of bins) {
  const file = join('dist', `${out}.js`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^#!.*\n/, '#!/usr/bin/env node\n'));
  chmodSync(file, 0o755);
}

for (const { source, types } of entries) {
  const bundle = await rollup({
    input: source,
    // Bare imports (dependencies, @payments/*) stay imports; only this package's files are inlined.
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    plugins: [dts({ tsconfig: ROOT_TSCONFIG, compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true } })],
  });
  await bundle.write({ file: types, format: 'es' });
  await bundle.close();
}
writeRequireTypes('.', published);
console.log(`built ${[...entries, ...bins].map(({ out }) => `dist/${out}.js`).join(', ')} and ${entries.length} .d.ts, each with its .d.cts`);
