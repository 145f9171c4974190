/**
 * Each package's API reference, from the declarations it publishes (the `types` of every entry
 * in its `publishConfig.exports`, as `pnpm build` writes them): TypeDoc with its Markdown
 * plugin, one folder per package under docs/reference/. Needs `pnpm build` first.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Application, type TypeDocOptions } from 'typedoc';
import type { PluginOptions } from 'typedoc-plugin-markdown';

export const PACKAGES = ['core', 'embedded-fields', 'hosted-page', 'mock-gateway', 'react', 'testing'] as const;

type ExportMap = Record<string, string | { import?: { types?: string } }>;

/** The published declaration files of a package: its entries' `import.types`, by entry name. */
export function publishedDeclarations(root: string, name: (typeof PACKAGES)[number]): string[] {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { publishConfig?: { exports?: ExportMap } };
  const files = Object.values(manifest.publishConfig?.exports ?? {})
    .map((entry) => (typeof entry === 'object' ? entry.import?.types : undefined))
    .filter((types): types is string => typeof types === 'string')
    .map((types) => join(dir, types));
  for (const file of files) if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first (the reference is made from the published declarations)`);
  return files;
}

/** Writes `@payments/<name>`'s reference into `out` (a folder: index.md and a page per symbol). */
export async function writeApiReference(root: string, name: (typeof PACKAGES)[number], out: string): Promise<void> {
  const entryPoints = publishedDeclarations(root, name);
  // A tsconfig of these files alone: the workspace's own (project references, sources) is not
  // what is published, and checking every package's declarations each time costs minutes.
  const configDir = mkdtempSync(join(tmpdir(), 'docs-api-'));
  const tsconfig = join(configDir, 'tsconfig.json');
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions: TYPEDOC_COMPILER_OPTIONS, files: entryPoints }));
  const options: Partial<TypeDocOptions & PluginOptions> = {
    name: `@payments/${name}`,
    entryPoints,
    plugin: ['typedoc-plugin-markdown'],
    out,
    readme: 'none',
    entryFileName: 'index',
    outputFileStrategy: 'modules',
    hidePageHeader: true,
    hideBreadcrumbs: true,
    // Doc comments that name an element (`<iframe>`) would be markup to VitePress's Vue compiler.
    sanitizeComments: true,
    disableSources: true,
    skipErrorChecking: true,
    excludeExternals: true,
    excludePrivate: true,
    cleanOutputDir: true,
    logLevel: 'Warn',
    tsconfig,
  };
  try {
    const app = await Application.bootstrapWithPlugins(options);
    const project = await app.convert();
    if (!project) throw new Error(`TypeDoc could not read @payments/${name}'s declarations`);
    await app.generateOutputs(project);
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

const TYPEDOC_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};
