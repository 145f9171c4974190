/**
 * The memory engine's answer to the named transaction query (transaction-query.ts), with the
 * SQL engines' semantics: per merchant, its transactions' row numbers sorted by (created_at,
 * id), and per row the typed columns as one string (no object per record: see the top of
 * memory-backend.ts). A query finds the newest row it may answer (binary search on the cursor
 * and `to`), then walks older rows, testing the columns, until it has `limit` or passes `from`;
 * only the rows it answers are parsed.
 */
import { comparePositions, matchesQuery, type TransactionColumns, type TransactionPosition, type TransactionQuery } from './transaction-query';

const SEPARATOR = '\u0001';
/** The columns kept in a row's string, in this order (merchant_id and created_at are kept apart). */
const KEPT = ['terminal_id', 'reference', 'status', 'type', 'last4', 'customer_id'] as const;

export class MemoryTransactionOrder {
  /** merchant → its rows, ascending by (created_at, id). */
  private readonly byMerchant = new Map<string, number[]>();
  private createdAt: number[] = [];
  private ids: (string | undefined)[] = [];
  private merchants: (string | undefined)[] = [];
  private columns: (string | undefined)[] = [];

  /** A row put (new, or written again: its merchant and created_at never change). */
  put(row: number, id: string, columns: TransactionColumns): void {
    // JSON of each value: no separator, and null stays distinct from the string "null".
    this.columns[row] = KEPT.map((name) => JSON.stringify(columns[name] ?? null)).join(SEPARATOR);
    if (this.ids[row] === id && this.merchants[row] === columns.merchant_id && this.createdAt[row] === columns.created_at) return;
    if (this.ids[row] !== undefined) this.delete(row);
    this.ids[row] = id;
    this.merchants[row] = columns.merchant_id;
    this.createdAt[row] = columns.created_at;
    let rows = this.byMerchant.get(columns.merchant_id);
    if (!rows) this.byMerchant.set(columns.merchant_id, (rows = []));
    rows.splice(this.insertionPoint(rows, { createdAt: columns.created_at, id }), 0, row);
  }

  delete(row: number): void {
    const merchant = this.merchants[row];
    const rows = merchant === undefined ? undefined : this.byMerchant.get(merchant);
    if (rows) {
      const at = rows.indexOf(row, this.insertionPoint(rows, this.position(row)) - 1);
      if (at >= 0) rows.splice(at, 1);
    }
    this.ids[row] = this.merchants[row] = this.columns[row] = undefined;
  }

  clear(): void {
    this.byMerchant.clear();
    this.createdAt = [];
    this.ids = [];
    this.merchants = [];
    this.columns = [];
  }

  /** The rows answering `query`, newest first. */
  query(query: TransactionQuery): number[] {
    const rows = this.byMerchant.get(query.merchantId) ?? [];
    let start = rows.length;
    if (query.before) start = Math.min(start, this.insertionPoint(rows, query.before));
    if (query.to !== undefined) start = Math.min(start, this.insertionPoint(rows, { createdAt: query.to, id: '\uffff' }));
    const out: number[] = [];
    for (let n = start - 1; n >= 0 && out.length < query.limit; n--) {
      const row = rows[n]!;
      if (query.from !== undefined && this.createdAt[row]! < query.from) break;
      if (matchesQuery(this.columnsOf(row), this.ids[row]!, query)) out.push(row);
    }
    return out;
  }

  private position(row: number): TransactionPosition {
    return { createdAt: this.createdAt[row]!, id: this.ids[row]! };
  }

  private columnsOf(row: number): TransactionColumns {
    const values = this.columns[row]!.split(SEPARATOR).map((value) => JSON.parse(value) as string | null);
    const kept = Object.fromEntries(KEPT.map((name, i) => [name, values[i]]));
    return { ...kept, merchant_id: this.merchants[row]!, created_at: this.createdAt[row]! } as TransactionColumns;
  }

  /** The first index in `rows` whose position is not before `position` (appending is the common case). */
  private insertionPoint(rows: number[], position: TransactionPosition): number {
    let low = 0;
    let high = rows.length;
    if (high > 0 && comparePositions(this.position(rows[high - 1]!), position) < 0) return high;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (comparePositions(this.position(rows[mid]!), position) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
