/**
 * The store interface. The gateway talks only to this, so a persistent store can replace
 * the in-memory default without touching a route.
 */
import type {
  AccessToken,
  SavedPaymentMethod,
  SessionRecord,
  StoredCustomer,
  TransactionRecord,
} from './records';

export interface Collection<T> {
  get(id: string): T | undefined;
  put(id: string, value: T): void;
  delete(id: string): void;
  values(): T[];
  count(): number;
}

export interface Store {
  transactions: Collection<TransactionRecord>;
  sessions: Collection<SessionRecord>;
  customers: Collection<StoredCustomer>;
  paymentMethods: Collection<SavedPaymentMethod>;
  tokens: Collection<AccessToken>;
  /** The transaction for (terminal, reference), excluding management children. */
  findByReference(terminalId: string, reference: string): TransactionRecord | undefined;
  reset(): void;
}

class MapCollection<T> implements Collection<T> {
  private readonly map = new Map<string, T>();
  get(id: string): T | undefined {
    return this.map.get(id);
  }
  put(id: string, value: T): void {
    this.map.set(id, value);
  }
  delete(id: string): void {
    this.map.delete(id);
  }
  values(): T[] {
    return [...this.map.values()];
  }
  count(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
}

export class MemoryStore implements Store {
  readonly transactions = new MapCollection<TransactionRecord>();
  readonly sessions = new MapCollection<SessionRecord>();
  readonly customers = new MapCollection<StoredCustomer>();
  readonly paymentMethods = new MapCollection<SavedPaymentMethod>();
  readonly tokens = new MapCollection<AccessToken>();
  /** terminal_id + reference → latest originating transaction id. */
  private readonly byReference = new Map<string, string>();

  constructor() {
    const put = this.transactions.put.bind(this.transactions);
    this.transactions.put = (id, record) => {
      put(id, record);
      if (record.parent_id === null) {
        this.byReference.set(referenceKey(record.transaction.terminal_id, record.transaction.reference), id);
      }
    };
  }

  findByReference(terminalId: string, reference: string): TransactionRecord | undefined {
    const id = this.byReference.get(referenceKey(terminalId, reference));
    return id === undefined ? undefined : this.transactions.get(id);
  }

  reset(): void {
    this.transactions.clear();
    this.sessions.clear();
    this.customers.clear();
    this.paymentMethods.clear();
    this.tokens.clear();
    this.byReference.clear();
  }
}

function referenceKey(terminalId: string, reference: string): string {
  return `${terminalId}\u0000${reference}`;
}
