/**
 * The schema: every kind and index of record-kinds.ts has its table and column; migrations
 * run once; a gateway refuses a database whose schema is newer than it knows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, SchemaTooNewError } from './migrations';
import { openStore } from './open-store';
import { KINDS } from './record-kinds';

const dir = mkdtempSync(join(tmpdir(), 'gateway-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Its own store, whatever GATEWAY_TEST_STORE says: run once, in the memory run.
describe.skipIf(process.env.GATEWAY_TEST_STORE !== undefined)('migrations', { timeout: 120_000 }, () => {
  it('create a table and an index column for every kind and index the store uses, once', async () => {
    const data = join(dir, 'fresh');
    await (await openStore({ data })).close();
    await (await openStore({ data })).close(); // a second start migrates nothing
    const db = await PGlite.create({ dataDir: data });
    try {
      const versions = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.map((r) => r.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
      for (const { table, indexes } of Object.values(KINDS)) {
        const columns = await db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table]);
        const names = columns.rows.map((r) => r.column_name);
        expect(names, table).toEqual(expect.arrayContaining(['id', 'seq', 'doc', ...Object.keys(indexes).map((n) => `idx_${n}`)]));
      }
    } finally {
      await db.close();
    }
  });

  it('refuse to start on a schema newer than this gateway knows', async () => {
    const data = join(dir, 'newer');
    await (await openStore({ data })).close();
    const db = await PGlite.create({ dataDir: data });
    await db.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", [SCHEMA_VERSION + 1]);
    await db.close();
    await expect(openStore({ data })).rejects.toBeInstanceOf(SchemaTooNewError);
  });
});
