// Lowers the calling thread's CPU priority below the gateway's event loop (nice 10), for the
// decrypt workers (card-decrypt-worker.mjs). Plain JavaScript, as the workers are.
//
// On a box with as many busy threads as cores (two decrypt workers, the event loop, a load
// generator on 2 cores), the event loop waited for the kernel to give it a core back: a status
// read under an authorize load took 3 ms at the median and 28 ms at p99. With the workers
// below it, 1.1 ms and 15-18 ms, and authorize kept its throughput, since the event loop feeds
// the workers (`pnpm bench --only gateway`, 3 runs each way, 2026-11-28).
//
// Linux keeps a nice value per thread: setpriority() on the thread's own id (read from
// /proc/thread-self) moves this thread only. Elsewhere (no /proc, or not allowed) nothing changes.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export const WORKER_NICENESS = 10;

export function runBelowTheEventLoop() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, WORKER_NICENESS);
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}
