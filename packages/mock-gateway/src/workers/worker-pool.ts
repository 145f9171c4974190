/**
 * A fixed pool of worker threads (one per core by default) running one script. For CPU-bound
 * work that would otherwise block the gateway's event loop (the RSA-OAEP card decrypts):
 * requests that need no CPU (status, sessions) are answered while the workers decrypt.
 *
 * Each worker is given up to `depth` tasks (2 by default): one it runs, the next already in its
 * port, so it starts that one as it answers instead of waiting for the event loop, busy with
 * HTTP, to hand it work. With one task per worker each decrypt thread sat idle more than half
 * of an authorize load: authorize went from 80 % to 92 % of the RSA bound with two (4 alternated
 * 10 s loads each, 2026-11-27). Tasks beyond that wait in the pool's queue for the least busy
 * worker.
 *
 * Workers start on first use (or all at once with `start()`), hold the process open only while
 * they have a task, and are replaced when one dies: the task it was running rejects, those
 * posted behind it (never started: a worker runs one at a time, in order) go back to the head
 * of the queue. `close()` terminates them all and rejects what is still waiting.
 *
 * The script receives a task with `parentPort.on('message')` and answers `{ ok: true, value }`
 * or `{ ok: false, error }` (a message).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

type Answer<Out> = { ok: true; value: Out } | { ok: false; error: string };

interface Job<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: Error): void;
}

interface Slot<In, Out> {
  worker: Worker;
  /** Tasks posted to this worker, oldest first (it answers in order). */
  jobs: Job<In, Out>[];
}

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot<In, Out>>();
  private readonly queue: Job<In, Out>[] = [];
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size: number = availableParallelism(),
    /** Tasks given to one worker at a time. */
    readonly depth = 2,
  ) {}

  /** Workers alive now (0 until the first task). */
  get threads(): number {
    return this.slots.size;
  }

  run(input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.dispatch();
    });
  }

  /**
   * Starts every thread now, resolved once all are up: a server warms its pool before it
   * takes requests, so the first ones do not wait for threads to boot.
   */
  async start(): Promise<void> {
    const starting: Promise<unknown>[] = [];
    while (this.slots.size < this.size && !this.closed) {
      const slot = this.spawn();
      starting.push(new Promise((resolve) => slot.worker.once('online', resolve).once('exit', resolve)));
    }
    await Promise.all(starting);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('worker pool closed'));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.leastBusy();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.jobs.push(job);
      slot.worker.ref();
      slot.worker.postMessage(job.input);
    }
  }

  /** An idle worker, else a new one while the pool is not full, else the least busy below `depth`. */
  private leastBusy(): Slot<In, Out> | undefined {
    let best: Slot<In, Out> | undefined;
    for (const slot of this.slots) if (slot.jobs.length < this.depth && (!best || slot.jobs.length < best.jobs.length)) best = slot;
    if (best?.jobs.length === 0) return best;
    if (this.slots.size < this.size) return this.spawn();
    return best;
  }

  private spawn(): Slot<In, Out> {
    const worker = new Worker(this.script);
    worker.unref(); // held open only while it has a task (dispatch refs it)
    const slot: Slot<In, Out> = { worker, jobs: [] };
    this.slots.add(slot);
    worker.on('message', (answer: Answer<Out>) => {
      const job = slot.jobs.shift();
      if (slot.jobs.length === 0) worker.unref();
      if (answer.ok) job?.resolve(answer.value);
      else job?.reject(new Error(answer.error));
      this.dispatch();
    });
    // A crash ('error', then 'exit') or an exit, handled once: the running task rejects, the
    // ones behind it go back to the head of the queue for another thread (made on demand).
    const lost = (error: Error) => {
      if (!this.slots.delete(slot)) return;
      const [running, ...notStarted] = slot.jobs.splice(0);
      if (this.closed) {
        for (const job of [running, ...notStarted]) job?.reject(new Error('worker pool closed'));
        return;
      }
      running?.reject(error);
      this.queue.unshift(...notStarted);
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`worker exited with code ${code}`)));
    return slot;
  }
}
