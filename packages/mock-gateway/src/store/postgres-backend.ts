/**
 * A shared Postgres (`mock-gateway --database-url postgres://…`): the store several gateway
 * replicas share. The same statements and migrations as the embedded store (sql-backend.ts);
 * `pg`'s pool gives each unit of work its own connection, and the advisory locks its
 * transactions take hold across every replica.
 */
import pg from 'pg';
import { migrate } from './migrations';
import { SqlBackend, type SqlConnection, type SqlPool } from './sql-backend';

/**
 * How long a unit of work may wait for a connection (the pool's queue, or connecting), and
 * how long one statement may take: a database that went away answers 503 within these, never
 * a request hanging (http/store-unavailable.ts). A restarting Postgres refuses or cuts
 * connections at once; these bound the case where it stops answering altogether. The bound is
 * on the statements of units of work and reads, not on maintenance (TRUNCATE at a reset, VACUUM
 * after a snapshot) or migrations (a replica waits for another's migrations to finish).
 */
export const CONNECT_TIMEOUT_MS = 2_500;
export const STATEMENT_TIMEOUT_MS = 2_500;

/** A statement that fails (node-postgres: "Query read timeout") when unanswered after STATEMENT_TIMEOUT_MS. */
const bounded = (text: string, values?: unknown[]): pg.QueryConfig => ({ text, ...(values ? { values } : {}), query_timeout: STATEMENT_TIMEOUT_MS }) as pg.QueryConfig;

class PostgresPool implements SqlPool {
  constructor(
    private readonly pool: pg.Pool,
    /** One connection for readiness alone (SqlPool.probe), kept apart from the requests' queue. */
    private readonly probes: pg.Pool,
  ) {}

  async probe(): Promise<void> {
    await this.probes.query(bounded('SELECT 1'));
  }

  async connect(): Promise<SqlConnection> {
    const client = await this.pool.connect();
    return {
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(bounded(sql, params))).rows as T[] }),
      exec: async (sql) => void (await client.query(bounded(sql))),
      release: (broken) => client.release(broken ? true : undefined),
    };
  }

  async query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
    return { rows: (await this.pool.query(bounded(sql, params))).rows as T[] };
  }

  /** Maintenance outside units of work (TRUNCATE, VACUUM): as long as it takes. */
  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async end(): Promise<void> {
    await Promise.all([this.pool.end(), this.probes.end()]);
  }
}

/** Connects, migrates (once, whichever replica comes first), and answers the backend. */
export async function openPostgresBackend(databaseUrl: string, options: { poolSize?: number } = {}): Promise<SqlBackend> {
  const raw = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const probes = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  for (const each of [raw, probes]) {
    // A connection that dies while idle (the database restarted) is dropped, not a crash.
    each.on('error', (error) => console.error(`mock-gateway: database connection lost: ${error.message}`));
    // pg-pool listens for a client's errors only while it is idle or running pool.query: a client
    // checked out and between statements when Postgres goes (57P01, ECONNRESET) would emit an
    // unhandled 'error' and end the process (the 10 s outage drill caught one in ten runs).
    // Every client gets a listener of its own for its whole life; its next statement rejects.
    each.on('connect', (client) => client.on('error', (error) => console.error(`mock-gateway: database connection lost while in use: ${error.message}`)));
  }
  const pool = new PostgresPool(raw, probes);
  try {
    // Unbounded: a replica starting beside another waits for its migrations (an advisory lock).
    const client = await raw.connect();
    try {
      await migrate({ query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }), exec: async (sql) => void (await client.query(sql)) });
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new SqlBackend(pool, `Postgres at ${redacted(databaseUrl)}`, true);
}

/** The URL without its password, for logs. */
function redacted(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}
