/**
 * The one shape of a published JavaScript entry, for every package's `publishConfig.exports`:
 *
 *   "./x": {
 *     "import":  { "types": "./dist/x.d.ts",  "default": "./dist/x.js" },
 *     "require": { "types": "./dist/x.d.cts", "default": "./dist/x.js" }
 *   }
 *
 * One ES module serves both module systems: Node 20.19+ (our engines floor) loads an ES module
 * with require() synchronously, without a warning, when its graph has no top-level await. So a
 * CommonJS project (`npm init -y`, Playwright's loader for its .ts tests) and an ESM one get
 * the same file and the same module instance (a second, CommonJS build would give a package
 * two copies of its state, and jose, a dependency, is ESM-only anyway). The declarations come
 * twice because TypeScript reads a .d.ts in a `"type": "module"` package as ESM, which a
 * CommonJS file may not import under `module: node16`; the .d.cts is the same text read as
 * CommonJS.
 *
 * Run at the end of a package's build, in its folder (`tsx ../../scripts/published-exports.ts`;
 * build-node-package.ts calls it itself): it refuses an entry of another shape (saying the
 * shape it wants) and writes each .d.cts from its .d.ts. A new entry needs only its line in
 * package.json and its files in the build; scripts/pack-smoke.sh then imports and require()s
 * it from the tarball in an ESM and a CommonJS project (here in the workspace, the other
 * packages resolve to their src/*.ts, which plain node cannot load).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Conditions {
  types: string;
  default: string;
}
export interface PublishedEntry {
  import: Conditions;
  require: Conditions;
}
/** A JavaScript entry of publishConfig.exports, in the shape above. */
export interface JsEntry {
  key: string;
  js: string;
  types: string;
  requireTypes: string;
}

/** x.d.ts → x.d.cts: the declarations a CommonJS importer reads. */
export function requireTypesOf(types: string): string {
  if (!types.endsWith('.d.ts')) throw new Error(`published types should be a .d.ts file: ${types}`);
  return types.replace(/\.d\.ts$/, '.d.cts');
}

export function publishedEntry(js: string, types: string): PublishedEntry {
  return { import: { types, default: js }, require: { types: requireTypesOf(types), default: js } };
}

const JS = /\.[cm]?js$/;

/** Every string inside a target (conditions nest), in order. */
function strings(target: unknown): string[] {
  if (typeof target === 'string') return [target];
  if (target && typeof target === 'object') return Object.values(target).flatMap(strings);
  return [];
}

/**
 * The JavaScript entries of `publishExports` (entries naming data files, such as
 * `./package.json` or `./sri.json`, are left alone). Throws when one has another shape,
 * listing each with the shape it should have.
 */
export function jsEntries(publishExports: Record<string, unknown>): JsEntry[] {
  const entries: JsEntry[] = [];
  const problems: string[] = [];
  for (const [key, target] of Object.entries(publishExports)) {
    const files = strings(target);
    const js = files.find((file) => JS.test(file));
    if (!js) continue;
    const types = files.find((file) => file.endsWith('.d.ts')) ?? js.replace(JS, '.d.ts');
    const expected = publishedEntry(js, types);
    if (JSON.stringify(target) !== JSON.stringify(expected)) {
      problems.push(`  "${key}": ${JSON.stringify(expected)}`);
      continue;
    }
    entries.push({ key, js, types, requireTypes: expected.require.types });
  }
  if (problems.length > 0) {
    throw new Error(
      `publishConfig.exports: a published entry must load with import and require(), typed for both (scripts/published-exports.ts). Write:\n${problems.join(',\n')}`,
    );
  }
  return entries;
}

/** A relative specifier in declarations: the .d.cts copy would reach an ESM .d.ts through it. */
const RELATIVE_IMPORT = /\bfrom\s*['"]\.|\bimport\s*\(\s*['"]\.|\bimport\s+['"]\./;

/** In the package folder `dir`, after its build: writes each entry's .d.cts from its .d.ts. */
export function writeRequireTypes(dir: string, entries: JsEntry[]): void {
  for (const { types, requireTypes } of entries) {
    const text = readFileSync(resolve(dir, types), 'utf8');
    if (RELATIVE_IMPORT.test(text)) throw new Error(`${types} imports a relative file: bundle its declarations into one file per entry`);
    writeFileSync(
      resolve(dir, requireTypes),
      `// ${basename(types)} for require(): the same declarations, read as CommonJS (scripts/published-exports.ts).\n${text}`,
    );
  }
}

// The CLI: the current folder's package.json.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { publishConfig: { exports: Record<string, unknown> } };
  const entries = jsEntries(manifest.publishConfig.exports);
  writeRequireTypes('.', entries);
  console.log(`published entries ${entries.map(({ key }) => key).join(', ')}: import and require(), ${entries.length} .d.cts`);
}
