/**
 * The outbox's steps that need the database (claiming an attempt, recording its answer) while
 * the database fails (Postgres restarting, the disk under --data full): tried again every
 * STORE_RETRY_MS until it answers, never dropped, for a gateway alone on its store has no
 * other replica to take the delivery up. Logged once per outage, not once per delivery.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreUnavailableError } from '../store/store-errors';

/** While the database fails: how often a delivery's claim or record is tried again. */
export const STORE_RETRY_MS = 1_000;

/**
 * `whenStoreAnswers(of, step)`: runs `step`, again while it fails for the database's sake,
 * until it succeeds, fails otherwise, `dropped(of)` (the outbox stopped or was cleared), or `signal` aborts.
 */
export function storeWait(options: { signal: AbortSignal; dropped: (of: number) => boolean }) {
  let waiting = false;
  return async function whenStoreAnswers<T>(of: number, step: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        const result = await step();
        if (waiting) console.error('webhook outbox: the database answers again; deliveries resume');
        waiting = false;
        return result;
      } catch (cause) {
        if (!(cause instanceof StoreUnavailableError) || options.dropped(of)) throw cause;
        if (!waiting) console.error(`webhook outbox: ${cause.message}; deliveries wait for it (${cause.detail})`);
        waiting = true;
        await sleep(STORE_RETRY_MS, undefined, { signal: options.signal });
      }
    }
  };
}
