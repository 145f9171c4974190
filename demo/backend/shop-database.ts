/**
 * The shop's embedded database: PGlite (Postgres compiled to WebAssembly) in a directory,
 * so orders and the ids of processed webhook deliveries outlive a restart.
 *
 *   const database = await openShopDatabase({ dataDir: '.data/demo-shop' });
 *   …
 *   await database.close();
 *
 * Without `dataDir` the database lives in a new temporary directory, removed on close (tests).
 * The schema is made by numbered migrations, run at open; `schema_version` records the
 * last one applied, so an older directory is brought up to date and a newer one refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { START_PARAMS, lockDataDir, prepareDataDir } from './database-dir';

/** Migration n (1-based) is MIGRATIONS[n - 1]. Append only: never edit one that has shipped. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE orders (
    reference text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    channel text NOT NULL,
    locale text NOT NULL,
    amount bigint NOT NULL,
    currency text NOT NULL,
    session_id text NOT NULL,
    status text,
    transaction_id text,
    updated_at timestamptz
  );
  CREATE INDEX orders_newest ON orders (created_at DESC);
  CREATE TABLE webhook_deliveries (
    delivery_id text PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    received_at timestamptz NOT NULL,
    attempt integer,
    event text NOT NULL,
    transaction_id text,
    reference text,
    status text,
    amount bigint,
    currency text,
    processing_code text,
    response_message text,
    applied_to text REFERENCES orders (reference)
  );
  CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (seq DESC);
  CREATE INDEX webhook_deliveries_applied_to ON webhook_deliveries (applied_to);
  `,
];

export interface ShopDatabase {
  db: PGlite;
  /** The directory the database lives in. */
  dataDir: string;
  /** Closes the database (and removes a temporary directory). */
  close(): Promise<void>;
}

export interface ShopDatabaseOptions {
  /** Where the database lives; created when missing. Default: a temporary directory, removed on close. */
  dataDir?: string;
}

/** Runs the migrations the database has not had yet, each in its own transaction. */
export async function migrate(db: PGlite): Promise<number> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)');
  const { rows } = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_version');
  const current = rows[0]?.version ?? 0;
  if (current > MIGRATIONS.length) {
    throw new Error(`The shop's database has schema version ${current}; this shop knows ${MIGRATIONS.length}. Use a newer shop or another directory.`);
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    await db.transaction(async (tx) => {
      await tx.exec(MIGRATIONS[version - 1]!);
      await tx.query('INSERT INTO schema_version (version) VALUES ($1)', [version]);
    });
  }
  return MIGRATIONS.length;
}

export async function openShopDatabase(options: ShopDatabaseOptions = {}): Promise<ShopDatabase> {
  const temporary = options.dataDir === undefined;
  const dataDir = temporary ? mkdtempSync(join(tmpdir(), 'northwind-shop-')) : resolve(options.dataDir!);
  const discard = () => {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    discard();
    throw error;
  }
  let db: PGlite | undefined;
  try {
    await prepareDataDir(dataDir);
    db = await PGlite.create(dataDir, { startParams: START_PARAMS });
    await migrate(db);
  } catch (error) {
    await db?.close().catch(() => undefined);
    unlock();
    discard();
    throw error;
  }
  const opened = db;
  let closing: Promise<void> | undefined;
  return {
    db: opened,
    dataDir,
    close: () =>
      (closing ??= opened.close().finally(() => {
        unlock();
        discard();
      })),
  };
}
