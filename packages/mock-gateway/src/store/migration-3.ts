/**
 * Migration 3 (literal SQL, released once: never edit it, add the next migration):
 * transactions get a typed column for everything the lists filter or order by (merchant,
 * terminal, reference, status, type, created_at, card's last 4, customer) and the record as
 * jsonb, instead of JSON text with text index keys. Every record is kept, with its `seq`.
 *
 * The table is rebuilt rather than altered in place (a copy, then the indexes built once over
 * it): at a million records that is one pass over the rows, where ALTER + UPDATE wrote each
 * row twice and every index on every write. jsonb refuses U+0000, so the JSON text is first
 * escaped as jsonb-text.ts escapes it (U+0000 → U+0001 "0", U+0001 → U+0001 "1"), escape by
 * escape: an escaped backslash (`\\`) is set aside as chr(2) (no JSON text holds a raw
 * control character) while `\u0000` and `\u0001` are rewritten. The typed columns are then
 * read from the jsonb, so they hold the escaped text exactly as the gateway writes them.
 */
export const MIGRATION_3_TRANSACTION_COLUMNS = String.raw`
DROP INDEX transactions_seq, transactions_terminal_reference, transactions_reference, transactions_three_ds_server,
  transactions_merchant, transactions_merchant_status, transactions_merchant_type, transactions_merchant_last4;
ALTER TABLE transactions RENAME TO transactions_v2;
ALTER TABLE transactions_v2 RENAME CONSTRAINT transactions_pkey TO transactions_v2_pkey;
CREATE TABLE transactions (
  id text PRIMARY KEY,
  seq bigint NOT NULL DEFAULT nextval('transactions_seq_seq'),
  merchant_id text NOT NULL,
  terminal_id text,
  reference text,
  status text,
  type text,
  created_at timestamptz NOT NULL,
  last4 text,
  customer_id text,
  idx_terminal_reference text,
  idx_reference text,
  idx_three_ds_server text,
  record jsonb NOT NULL
);
ALTER SEQUENCE transactions_seq_seq OWNED BY transactions.seq;
INSERT INTO transactions (id, seq, merchant_id, terminal_id, reference, status, type, created_at, last4, customer_id,
  idx_terminal_reference, idx_reference, idx_three_ds_server, record)
SELECT id, seq,
  r->'transaction'->>'merchant_id',
  r->'transaction'->>'terminal_id',
  r->'transaction'->>'reference',
  r->'transaction'->>'status',
  r->'transaction'->>'transaction_type',
  (r->>'created_at')::timestamptz,
  CASE WHEN jsonb_typeof(r->'card') = 'object' THEN r->'card'->>'last4' END,
  coalesce(r->'tokenize'->>'customer_id', r->'transaction'->'customer'->>'id'),
  idx_terminal_reference, idx_reference, idx_three_ds_server, r
FROM (
  SELECT id, seq, idx_terminal_reference, idx_reference, idx_three_ds_server,
    replace(replace(replace(replace(doc, '\\', chr(2)), '\u0001', '\u00011'), '\u0000', '\u00010'), chr(2), '\\')::jsonb AS r
  FROM transactions_v2
) AS old;
DROP TABLE transactions_v2;
CREATE INDEX transactions_seq ON transactions (seq DESC);
CREATE INDEX transactions_terminal_reference ON transactions (idx_terminal_reference, seq DESC) WHERE idx_terminal_reference IS NOT NULL;
CREATE INDEX transactions_reference ON transactions (idx_reference, seq DESC) WHERE idx_reference IS NOT NULL;
CREATE INDEX transactions_three_ds_server ON transactions (idx_three_ds_server, seq DESC) WHERE idx_three_ds_server IS NOT NULL;
CREATE INDEX transactions_newest ON transactions (merchant_id, created_at DESC, id COLLATE "C" DESC);
CREATE INDEX transactions_by_status ON transactions (merchant_id, status, created_at DESC, id COLLATE "C" DESC);
CREATE INDEX transactions_by_type ON transactions (merchant_id, type, created_at DESC, id COLLATE "C" DESC);
CREATE INDEX transactions_by_reference ON transactions (merchant_id, reference, created_at DESC, id COLLATE "C" DESC);
CREATE INDEX transactions_by_last4 ON transactions (merchant_id, last4, created_at DESC, id COLLATE "C" DESC) WHERE last4 IS NOT NULL;
CREATE INDEX transactions_by_customer ON transactions (merchant_id, customer_id, created_at DESC, id COLLATE "C" DESC) WHERE customer_id IS NOT NULL;
`;
