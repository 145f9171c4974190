/**
 * The SQL engines' delivery queue (rules: delivery-queue.ts), the same statements on PGlite
 * and on a shared Postgres: the table of migration 3 (migrations.ts). Claiming is
 * graphile-worker's `get_job`: the due, free rows are picked `FOR UPDATE SKIP LOCKED`, so
 * replicas claiming at the same moment each take other rows and none waits for another, and
 * marked with the claimer and the time in the same statement.
 *
 * `body` is text, not jsonb: it is the exact bytes that are signed and sent, and jsonb would
 * reorder them and refuses the \u0000 a shopper's input may hold. `attempts` is jsonb (what
 * the receiver answered is made printable first: answer-excerpt.ts).
 */
import type { WebhookAttempt, WebhookDelivery } from './delivery-queue';
import { nextAttemptAt, type AttemptRecord, type ClaimRequest, type DeliveryListFilter, type DeliveryQueue, type StoredDelivery } from './delivery-queue';
import type { SqlRunner } from './migrations';

interface DeliveryRow {
  id: string;
  merchant_id: string;
  transaction_id: string;
  event: string;
  url: string;
  state: WebhookDelivery['state'];
  run_at: Date | string | null;
  locked_by: string | null;
  locked_at: Date | string | null;
  created_at: Date | string;
  first_attempt_at: Date | string | null;
  resends: number;
  body: string;
  attempts: WebhookAttempt[] | string;
}

const COLUMNS = 'id, merchant_id, transaction_id, event, url, state, run_at, locked_by, locked_at, created_at, first_attempt_at, resends, body, attempts';
const ms = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());
const iso = (value: number | null): string | null => (value === null ? null : new Date(value).toISOString());
/** jsonb refuses \u0000 anywhere: an attempt's strings never keep one. */
const jsonb = (value: unknown): string => JSON.stringify(value).replaceAll('\\u0000', '\\ufffd');

function fromRow(row: DeliveryRow): StoredDelivery {
  const attempts = typeof row.attempts === 'string' ? (JSON.parse(row.attempts) as WebhookAttempt[]) : row.attempts;
  const runAt = ms(row.run_at);
  const delivery: WebhookDelivery = {
    id: row.id,
    merchant_id: row.merchant_id,
    transaction_id: row.transaction_id,
    event: row.event,
    url: row.url,
    body: JSON.parse(row.body) as WebhookDelivery['body'],
    attempts,
    ...(row.resends > 0 ? { resends: row.resends } : {}),
    state: row.state,
    next_attempt_at: nextAttemptAt(row.state, runAt, attempts, row.resends),
    created_at: new Date(row.created_at).toISOString(),
  };
  return { delivery, raw_body: row.body, first_attempt_at: ms(row.first_attempt_at), run_at: runAt, locked_by: row.locked_by, locked_at: ms(row.locked_at) };
}

/**
 * Due and free rows, earliest due first, none of a merchant whose earlier delivery waits for
 * its first attempt. The candidates are each merchant's oldest delivery waiting for its first
 * attempt (found merchant by merchant through the index, a loose index scan) and the due
 * retries, so a merchant's backlog of thousands costs a claim one row, not a scan of them all.
 */
const CLAIM = `
WITH RECURSIVE merchants AS (
  (SELECT merchant_id FROM webhook_deliveries WHERE state = 'pending' AND attempt_count = 0 ORDER BY merchant_id LIMIT 1)
  UNION ALL
  SELECT (SELECT w.merchant_id FROM webhook_deliveries w
          WHERE w.state = 'pending' AND w.attempt_count = 0 AND w.merchant_id > m.merchant_id ORDER BY w.merchant_id LIMIT 1)
  FROM merchants m WHERE m.merchant_id IS NOT NULL
),
candidates AS (
  SELECT (SELECT w.id FROM webhook_deliveries w
          WHERE w.merchant_id = m.merchant_id AND w.state = 'pending' AND w.attempt_count = 0 ORDER BY w.seq LIMIT 1) AS id
  FROM merchants m WHERE m.merchant_id IS NOT NULL
  UNION ALL
  SELECT r.id FROM webhook_deliveries r WHERE r.state = 'pending' AND r.attempt_count > 0 AND r.run_at <= $1::timestamptz
),
due AS (
  SELECT d.id FROM webhook_deliveries d
  WHERE d.id = ANY (ARRAY(SELECT id FROM candidates))
    AND d.state = 'pending' AND d.run_at <= $1::timestamptz
    AND (d.locked_at IS NULL OR d.locked_at <= $2::timestamptz)
    AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries e
      WHERE e.merchant_id = d.merchant_id AND e.state = 'pending' AND e.attempt_count = 0 AND e.seq < d.seq)
  ORDER BY d.run_at, d.seq
  LIMIT $3
  FOR UPDATE SKIP LOCKED
),
claimed AS (
  UPDATE webhook_deliveries d SET locked_by = $4, locked_at = $5::timestamptz
  WHERE d.id = ANY (ARRAY(SELECT id FROM due))
  RETURNING d.*
)
SELECT ${COLUMNS} FROM claimed ORDER BY run_at, seq`;

export class SqlDeliveryQueue implements DeliveryQueue {
  constructor(private readonly db: SqlRunner) {}

  async insert(stored: StoredDelivery): Promise<void> {
    const d = stored.delivery;
    await this.db.query(
      `INSERT INTO webhook_deliveries (id, merchant_id, transaction_id, event, url, state, attempt_count, run_at, created_at, first_attempt_at, resends, body, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz, $10::timestamptz, $11, $12, $13::jsonb)`,
      [d.id, d.merchant_id, d.transaction_id, d.event, d.url, d.state, d.attempts.length, iso(stored.run_at), d.created_at, iso(stored.first_attempt_at), d.resends ?? 0, stored.raw_body, jsonb(d.attempts)],
    );
  }

  async get(id: string): Promise<StoredDelivery | undefined> {
    if (id.includes('\u0000')) return undefined;
    const { rows } = await this.db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE id = $1`, [id]);
    return rows[0] && fromRow(rows[0]);
  }

  async list(filter: DeliveryListFilter): Promise<StoredDelivery[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: string) => where.push(sql.replace('?', `$${params.push(value)}`));
    if (filter.merchantId !== undefined) add('merchant_id = ?', filter.merchantId);
    if (filter.transactionId !== undefined) add('transaction_id = ?', filter.transactionId);
    if (filter.failing) where.push(`(state = 'failed' OR (state = 'pending' AND attempt_count > 0))`);
    if (params.some((p) => String(p).includes('\u0000'))) return [];
    const sql = `SELECT ${COLUMNS} FROM webhook_deliveries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT $${params.push(filter.limit)}`;
    return (await this.db.query<DeliveryRow>(sql, params)).rows.map(fromRow);
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM webhook_deliveries');
    return Number(rows[0]?.n ?? 0);
  }

  async claim(request: ClaimRequest): Promise<StoredDelivery[]> {
    const expired = iso(request.wallNow - request.leaseMs);
    const { rows } = await this.db.query<DeliveryRow>(CLAIM, [iso(request.now), expired, request.limit, request.owner, iso(request.wallNow)]);
    return rows.map(fromRow);
  }

  async record(id: string, outcome: AttemptRecord): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE webhook_deliveries SET attempts = attempts || $1::jsonb, attempt_count = attempt_count + 1, state = $2,
         run_at = $3::timestamptz, first_attempt_at = $4::timestamptz, locked_by = NULL, locked_at = NULL
       WHERE id = $5 AND locked_by = $6 AND attempt_count = $7 RETURNING id`,
      [jsonb([outcome.attempt]), outcome.state, iso(outcome.run_at), iso(outcome.first_attempt_at), id, outcome.owner, outcome.done],
    );
    return rows.length > 0;
  }

  async nextDue(): Promise<number | null> {
    const { rows } = await this.db.query<{ at: Date | string | null }>(
      `SELECT min(run_at) AS at FROM webhook_deliveries WHERE state = 'pending' AND locked_by IS NULL`,
    );
    return ms(rows[0]?.at ?? null);
  }

  async rearm(id: string, url: string, now: number): Promise<StoredDelivery | undefined> {
    const { rows } = await this.db.query<DeliveryRow>(
      `UPDATE webhook_deliveries SET state = 'pending', url = $1, resends = resends + 1, first_attempt_at = NULL, run_at = $2::timestamptz
       WHERE id = $3 RETURNING ${COLUMNS}`,
      [url, iso(now), id],
    );
    return rows[0] && fromRow(rows[0]);
  }

  async release(owner: string | null): Promise<void> {
    if (owner === null) await this.db.query('UPDATE webhook_deliveries SET locked_by = NULL, locked_at = NULL WHERE locked_by IS NOT NULL');
    else await this.db.query('UPDATE webhook_deliveries SET locked_by = NULL, locked_at = NULL WHERE locked_by = $1', [owner]);
  }

  async clear(): Promise<void> {
    await this.db.exec('TRUNCATE webhook_deliveries');
  }
}
