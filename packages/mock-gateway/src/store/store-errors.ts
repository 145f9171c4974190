/**
 * When the database itself fails (not a query of ours): Postgres restarting or unreachable,
 * or the disk under `--data` full. The SQL engine (sql-backend.ts) turns such errors into a
 * StoreUnavailableError; the API answers it 503 with Retry-After (app.ts), readiness fails
 * (http/health.ts), and the webhook outbox tries the attempt again later.
 */

export type StoreFault = 'unavailable' | 'full';

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const RETRY_AFTER_SECONDS: Record<StoreFault, number> = { unavailable: 2, full: 30 };

const MESSAGES: Record<StoreFault, string> = {
  unavailable: "The sandbox's database is unavailable (restarting or unreachable); try again shortly",
  full: "The sandbox's storage is full: nothing can be written until space is freed; reads still work",
};

export class StoreUnavailableError extends Error {
  constructor(
    readonly fault: StoreFault,
    /** What the database said, for logs (never shown in full to API clients). */
    readonly detail: string,
  ) {
    super(MESSAGES[fault]);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * SQLSTATEs of a database that cannot serve right now: class 08 (connection exception),
 * 57P01-57P03 (shut down by an operator, crashed, starting up), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** 53100 disk_full; 53200 out_of_memory is not ours to report as storage. */
const FULL_STATES = /^53100$/;
/** Socket errors of a connection that failed or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' own errors for a connection lost, refused or timed out (it gives them no code). */
const DRIVER_MESSAGES = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end/;

/** What kind of database failure `error` is, or null when it is something else (a bug, a bad query). */
export function storeFault(error: unknown): StoreFault | null {
  if (error instanceof StoreUnavailableError) return error.fault;
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (FULL_STATES.test(code) || code === 'ENOSPC') return 'full';
    if (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code)) return 'unavailable';
  }
  if (/No space left on device/i.test(error.message)) return 'full';
  if (DRIVER_MESSAGES.test(error.message)) return 'unavailable';
  return null;
}

/** `error` as a StoreUnavailableError when it is a database failure; unchanged otherwise. */
export function asStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const fault = storeFault(error);
  return fault ? new StoreUnavailableError(fault, error instanceof Error ? error.message : String(error)) : error;
}
