/**
 * What the embedded store does for itself that a Postgres server's own processes would:
 * checkpoints (PGlite runs no checkpointer), and statistics after a snapshot's bulk load.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPGliteBackend } from './pglite-backend';
import { SCHEMA_VERSION } from './migrations';
import type { SqlRunner } from './migrations';
import { importSnapshot } from './snapshot';
import { Store } from './store';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-pglite-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The engine's own connection: these facts are not part of the store's queries. */
const sqlOf = (backend: object) => (backend as { db: SqlRunner }).db;

describe.skipIf(process.env.GATEWAY_TEST_STORE !== undefined)('the embedded store keeps itself', () => {
  // One directory for both facts: creating a PGlite cluster takes seconds.
  it('has statistics right after a snapshot is loaded, and checkpoints while it runs', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const file = join(dir, 'snapshot.ndjson');
    const customers = Array.from({ length: 50 }, (_, i) => JSON.stringify({ kind: 'customer', record: { id: `cus_${i}`, merchant_id: 'M1', email: `c${i}@example.com` } }));
    writeFileSync(file, [JSON.stringify({ format: 'mock-gateway-snapshot', schema: SCHEMA_VERSION, exported_at: new Date().toISOString(), counts: {} }), ...customers, ''].join('\n'));
    const data = join(dir, 'data');
    const backend = await openPGliteBackend(data, { checkpointEveryMs: 300 });
    try {
      await importSnapshot(new Store(backend), file);
      const { rows } = await sqlOf(backend).query<{ analyzed: boolean; vacuumed: boolean }>(
        `SELECT last_analyze IS NOT NULL AS analyzed, last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'customers'`,
      );
      expect(rows[0]).toEqual({ analyzed: true, vacuumed: true });

      // Each checkpoint rewrites pg_control with its position: without the gateway's own, none
      // would run until the store closes (PGlite has no checkpointer), and the log would grow.
      const control = join(data, 'global', 'pg_control');
      const before = statSync(control).mtimeMs;
      await backend.transaction([], (tx) => tx.put('setting', 'k', { key: 'k', value: 1 }, {}));
      await expect.poll(() => statSync(control).mtimeMs, { timeout: 10_000 }).toBeGreaterThan(before);
    } finally {
      await backend.close();
    }
  });
});
