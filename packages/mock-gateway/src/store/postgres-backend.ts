/**
 * A shared Postgres (`mock-gateway --database-url postgres://…`): the store several gateway
 * replicas share. The same statements and migrations as the embedded store (sql-backend.ts);
 * `pg`'s pool gives each unit of work its own connection, and the advisory locks its
 * transactions take hold across every replica.
 */
import pg from 'pg';
import { migrate } from './migrations';
import { SqlBackend, type SqlConnection, type SqlPool } from './sql-backend';

class PostgresPool implements SqlPool {
  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<SqlConnection> {
    const client = await this.pool.connect();
    return {
      query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
      exec: async (sql) => void (await client.query(sql)),
      release: () => client.release(),
    };
  }

  async query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
    return { rows: (await this.pool.query(sql, params)).rows as T[] };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** Connects, migrates (once, whichever replica comes first), and answers the backend. */
export async function openPostgresBackend(databaseUrl: string, options: { poolSize?: number } = {}): Promise<SqlBackend> {
  const raw = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  // A connection that dies while idle (the database restarted) is dropped, not a crash.
  raw.on('error', (error) => console.error(`mock-gateway: database connection lost: ${error.message}`));
  const pool = new PostgresPool(raw);
  try {
    const connection = await pool.connect();
    try {
      await migrate(connection);
    } finally {
      connection.release();
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
