/**
 * GATEWAY_TEST_STORE=embedded (pnpm test:embedded-store): one migrated PGlite cluster for the
 * run, made here once (`mock-gateway migrate --data DIR`, before any test's timeout runs);
 * every test file's database starts as a copy of it (packages/mock-gateway/src/test-support/test-stores.ts).
 * A new cluster (initdb) costs about 6 s of CPU, opening a copy about 1 s, and every test file
 * opens its own. Removed, with the copies beside it, when the run ends.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, 'packages', 'mock-gateway', 'src', 'cli.ts');

export default function setup(): (() => void) | undefined {
  if (process.env.GATEWAY_TEST_STORE !== 'embedded' || process.env.GATEWAY_TEST_PGLITE_TEMPLATE) return undefined;
  const root = mkdtempSync(join(tmpdir(), 'gateway-test-pglite-'));
  const template = join(root, 'template');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', CLI, 'migrate', '--data', template], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  // The test workers inherit it.
  process.env.GATEWAY_TEST_PGLITE_TEMPLATE = template;
  return () => rmSync(root, { recursive: true, force: true });
}
