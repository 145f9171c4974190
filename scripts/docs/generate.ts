/**
 * `pnpm docs:gen`: writes the documentation's generated pages from their single sources
 * (scripts/docs/tables.ts, scripts/docs/api-reference.ts). Commit what it writes:
 * scripts/docs/generate.test.ts fails while a committed page differs from its source.
 * The API reference reads the published declarations: `pnpm build` first.
 *
 *   pnpm docs:gen            # tables and API reference
 *   pnpm docs:gen --tables   # the tables only (no build needed)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PACKAGES, writeApiReference } from './api-reference';
import { benchTable, errorCodesTable, testCardsTable, type BenchResults } from './tables';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The generated tables, by path under docs/, as their sources give them now. */
export function generatedTables(root = ROOT): Record<string, string> {
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  return {
    'generated/test-cards.md': testCardsTable(),
    'generated/error-codes.md': errorCodesTable(read('packages/embedded-fields/src/shared/payment-types.ts')),
    'generated/bench.md': benchTable(JSON.parse(read('bench/results/latest.json')) as BenchResults),
  };
}

/** Writes every package's API reference under `outDir/<package>/`. */
export async function writeApiReferences(outDir: string, root = ROOT): Promise<void> {
  for (const name of PACKAGES) await writeApiReference(root, name, join(outDir, name));
}

async function main(): Promise<void> {
  for (const [path, text] of Object.entries(generatedTables())) {
    const file = join(ROOT, 'docs', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`docs:gen: docs/${path}`);
  }
  if (process.argv.includes('--tables')) return;
  await writeApiReferences(join(ROOT, 'docs/reference'));
  console.log(`docs:gen: docs/reference/{${PACKAGES.join(',')}}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
