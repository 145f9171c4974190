/**
 * This workspace's choice of database for its test gateways (test-support/vitest-setup.ts
 * hands it to test-harness.ts; the published `./testing` entry never loads it).
 *
 * GATEWAY_TEST_STORE=embedded runs every suite on the embedded store (PGlite) instead of
 * the memory store: one database per test file, emptied for each new gateway, in a copy of
 * the run's migrated template (vitest.embedded-setup.ts; a new cluster takes seconds of CPU),
 * or in memory outside such a run. GATEWAY_TEST_STORE=postgres does the same on the
 * Postgres at GATEWAY_TEST_DATABASE_URL (the vitest config starts one): a database per worker.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Backend } from '../store/backend';
import { KINDS, type Kind } from '../store/record-kinds';
import { Store } from '../store/store';

let embedded: Promise<Backend> | undefined;

/** The store a test gateway gets: memory, or the worker's embedded database, emptied. */
export async function testStore(): Promise<Store | undefined> {
  const kind = process.env.GATEWAY_TEST_STORE;
  if (kind !== 'embedded' && kind !== 'postgres') return undefined;
  // Loaded only when asked for: a memory run never loads PGlite or pg.
  embedded ??= kind === 'embedded' ? embeddedDatabase() : workerDatabase();
  const backend = await embedded;
  await backend.truncate(Object.keys(KINDS) as Kind[]);
  await backend.deliveries.clear();
  // Shared by the worker's gateways: a gateway's close() leaves it open.
  return new Store(Object.assign(Object.create(backend) as Backend, { close: () => Promise.resolve() }));
}

/**
 * This file's PGlite: a copy of the run's migrated template (GATEWAY_TEST_PGLITE_TEMPLATE, made
 * by vitest.embedded-setup.ts), beside it, removed with it; in memory outside such a run.
 */
async function embeddedDatabase(): Promise<Backend> {
  const { openPGliteBackend } = await import('../store/pglite-backend');
  const template = process.env.GATEWAY_TEST_PGLITE_TEMPLATE;
  if (!template) return openPGliteBackend();
  const dataDir = mkdtempSync(join(dirname(template), 'file-'));
  cpSync(template, dataDir, { recursive: true });
  return openPGliteBackend(dataDir);
}

/** This worker's own database on the test Postgres (created on first use). */
async function workerDatabase(): Promise<Backend> {
  const admin = process.env.GATEWAY_TEST_DATABASE_URL;
  if (!admin) throw new Error('GATEWAY_TEST_STORE=postgres needs GATEWAY_TEST_DATABASE_URL');
  const name = `gateway_test_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const { openPostgresBackend } = await import('../store/postgres-backend');
  return openPostgresBackend(url.toString());
}
