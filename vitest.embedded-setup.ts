/**
 * GATEWAY_TEST_STORE=embedded (pnpm test:embedded-store): one migrated PGlite cluster for the
 * run, made here once; each test file's database starts as a copy of it
 * (packages/mock-gateway/src/test-harness.ts). A new cluster (initdb) costs about 6 s of CPU,
 * opening a copy about 1 s, and every test file opened its own. Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.GATEWAY_TEST_STORE !== 'embedded' || process.env.GATEWAY_TEST_PGLITE_TEMPLATE) return undefined;
  const root = mkdtempSync(join(tmpdir(), 'gateway-test-pglite-'));
  const template = join(root, 'template');
  try {
    const { openPGliteBackend } = await import('./packages/mock-gateway/src/store/pglite-backend');
    await (await openPGliteBackend(template)).close();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  // The test workers inherit it; their copies go beside it, removed with it.
  process.env.GATEWAY_TEST_PGLITE_TEMPLATE = template;
  return () => rmSync(root, { recursive: true, force: true });
}
