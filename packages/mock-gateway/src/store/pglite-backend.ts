/**
 * The embedded durable store (`mock-gateway --data DIR`): Postgres compiled to WebAssembly
 * (PGlite), in a directory, with nothing to install. PGlite is one connection: a pool of one,
 * handed to one transaction at a time (reads outside transactions wait their turn too, so
 * none ever runs inside another's transaction).
 */
import { mkdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { KeyedMutex } from './keyed-mutex';
import { migrate } from './migrations';
import { SqlBackend, type SqlConnection, type SqlPool } from './sql-backend';

/**
 * PGlite is Postgres in single-user mode: no checkpointer runs, so the write-ahead log grew
 * for as long as the gateway ran (5.6 GB after a million records) and a start after a crash
 * replayed all of it. The gateway checkpoints itself, this often.
 */
export const CHECKPOINT_EVERY_MS = 60_000;

class PGlitePool implements SqlPool {
  private readonly turn = new KeyedMutex();
  private checkpoints: NodeJS.Timeout | undefined;

  constructor(private readonly db: PGlite) {}

  /** Runs CHECKPOINT every `everyMs`, in its turn like any other statement. */
  checkpointEvery(everyMs: number): void {
    this.checkpoints = setInterval(() => void this.exec('CHECKPOINT').catch(() => undefined), everyMs);
    this.checkpoints.unref();
  }

  async connect(): Promise<SqlConnection> {
    const release = await this.turn.acquire(['connection']);
    const db = this.db;
    return {
      query: (sql, params) => db.query(sql, params) as never,
      exec: async (sql) => void (await db.exec(sql)),
      release,
    };
  }

  async query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
    const connection = await this.connect();
    try {
      return await connection.query<T>(sql, params);
    } finally {
      connection.release();
    }
  }

  async exec(sql: string): Promise<void> {
    const connection = await this.connect();
    try {
      await connection.exec(sql);
    } finally {
      connection.release();
    }
  }

  async end(): Promise<void> {
    clearInterval(this.checkpoints);
    const release = await this.turn.acquire(['connection']);
    try {
      await this.db.close();
    } finally {
      release();
    }
  }
}

/** Opens (creating and migrating where needed) the embedded store in `dataDir`; in memory without one. */
export async function openPGliteBackend(dataDir?: string, options: { checkpointEveryMs?: number } = {}): Promise<SqlBackend> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Imported here, not at the top: the single-file gateway leaves PGlite out and must start without it.
  const { PGlite: Engine } = await import('@electric-sql/pglite');
  const db = await Engine.create(dataDir ? { dataDir } : {});
  const pool = new PGlitePool(db);
  const connection = await pool.connect();
  try {
    await migrate(connection);
  } catch (error) {
    connection.release();
    await pool.end();
    throw error;
  }
  connection.release();
  if (dataDir) pool.checkpointEvery(options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS);
  if (!dataDir) return new SqlBackend(pool, 'embedded (PGlite) in memory', false);
  const freeBytes = async () => {
    const disk = await statfs(dataDir);
    return disk.bavail * disk.bsize;
  };
  return new SqlBackend(pool, `embedded (PGlite) in ${dataDir}`, false, freeBytes);
}
