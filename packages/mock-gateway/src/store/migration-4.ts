/**
 * Migration 4: the deliveries leave the record store for a queue of typed columns
 * (delivery-queue.ts). Every record moves over: its schedule from the JSON (a pending delivery
 * without a due time, first attempt not yet made or cut off, is due at once), its leases
 * dropped (a schema change restarts every replica). Postgres reads no JSON holding the escape
 * \u0000 (a shopper's NUL): each becomes \uFFFF (which JSON.stringify never writes) for the
 * reading, and the escaped \u0000 of the exact body bytes is put back after it. Its secondary
 * indexes are the queue's (due, pending; each merchant's first attempts in order; retries),
 * and the dashboard's lists.
 */
export const MIGRATION_4_DELIVERY_QUEUE = `
DROP INDEX webhook_deliveries_seq, webhook_deliveries_merchant, webhook_deliveries_transaction, webhook_deliveries_open, webhook_deliveries_merchant_failing;
ALTER TABLE webhook_deliveries RENAME TO webhook_delivery_records;
ALTER INDEX webhook_deliveries_pkey RENAME TO webhook_delivery_records_pkey;
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  seq bigint NOT NULL,
  merchant_id text NOT NULL,
  transaction_id text NOT NULL,
  event text NOT NULL,
  url text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'no_url')),
  attempt_count integer NOT NULL DEFAULT 0,
  run_at timestamptz,
  locked_by text,
  locked_at timestamptz,
  created_at timestamptz NOT NULL,
  first_attempt_at timestamptz,
  resends integer NOT NULL DEFAULT 0,
  body text NOT NULL,
  attempts jsonb NOT NULL DEFAULT '[]'
);
INSERT INTO webhook_deliveries (id, seq, merchant_id, transaction_id, event, url, state, attempt_count, run_at, created_at, first_attempt_at, resends, body, attempts)
SELECT id, seq, d->'delivery'->>'merchant_id', d->'delivery'->>'transaction_id', d->'delivery'->>'event', coalesce(d->'delivery'->>'url', ''),
  d->'delivery'->>'state', json_array_length(d->'delivery'->'attempts'),
  CASE WHEN d->'delivery'->>'state' = 'pending' THEN coalesce(to_timestamp((d->>'due_at')::double precision / 1000), (d->'delivery'->>'created_at')::timestamptz) END,
  (d->'delivery'->>'created_at')::timestamptz, to_timestamp((d->>'first_attempt_at')::double precision / 1000),
  coalesce((d->'delivery'->>'resends')::integer, 0), replace(d->>'raw_body', '\\uFFFF', '\\u0000'),
  (d->'delivery'->'attempts')::text::jsonb
FROM (SELECT id, seq, replace(doc, '\\u0000', '\\uFFFF')::json AS d FROM webhook_delivery_records) AS old;
CREATE SEQUENCE webhook_deliveries_seq_order OWNED BY webhook_deliveries.seq;
SELECT setval('webhook_deliveries_seq_order', coalesce((SELECT max(seq) FROM webhook_deliveries), 0) + 1, false);
ALTER TABLE webhook_deliveries ALTER COLUMN seq SET DEFAULT nextval('webhook_deliveries_seq_order');
DROP TABLE webhook_delivery_records;
CREATE INDEX webhook_deliveries_seq ON webhook_deliveries (seq DESC);
CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_id, seq DESC);
CREATE INDEX webhook_deliveries_transaction ON webhook_deliveries (transaction_id, seq DESC);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (run_at, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_first_attempts ON webhook_deliveries (merchant_id, seq) WHERE state = 'pending' AND attempt_count = 0;
CREATE INDEX webhook_deliveries_retries ON webhook_deliveries (run_at) WHERE state = 'pending' AND attempt_count > 0;
CREATE INDEX webhook_deliveries_failing ON webhook_deliveries (merchant_id, seq DESC) WHERE state = 'failed' OR (state = 'pending' AND attempt_count > 0);
`;
