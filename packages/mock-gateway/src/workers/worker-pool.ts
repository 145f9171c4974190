/**
 * A fixed pool of worker threads (one per core by default) running one script, one task per
 * worker at a time, the rest queued. For CPU-bound work that would otherwise block the
 * gateway's event loop (the RSA-OAEP card decrypts): requests that need no CPU (status,
 * sessions) are answered while the workers decrypt.
 *
 * Workers start on first use (or all at once with `start()`), hold the process open only
 * while they have a task, and are replaced when one dies (its task rejects; the queue goes on). `close()` terminates them
 * all and rejects what is still waiting.
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
  job: Job<In, Out> | undefined;
}

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot<In, Out>>();
  private readonly idle: Slot<In, Out>[] = [];
  private readonly queue: Job<In, Out>[] = [];
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size: number = availableParallelism(),
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
      this.idle.push(slot);
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
      const slot = this.idle.pop() ?? (this.slots.size < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.input);
    }
  }

  private spawn(): Slot<In, Out> {
    const worker = new Worker(this.script);
    worker.unref(); // held open only while it has a task (dispatch refs it)
    const slot: Slot<In, Out> = { worker, job: undefined };
    this.slots.add(slot);
    worker.on('message', (answer: Answer<Out>) => {
      const job = slot.job;
      slot.job = undefined;
      worker.unref();
      this.idle.push(slot);
      if (answer.ok) job?.resolve(answer.value);
      else job?.reject(new Error(answer.error));
      this.dispatch();
    });
    // A crash ('error', then 'exit') or an exit: reject its task once, replace it on demand.
    const lost = (error: Error) => {
      if (!this.slots.delete(slot)) return;
      const at = this.idle.indexOf(slot);
      if (at >= 0) this.idle.splice(at, 1);
      slot.job?.reject(this.closed ? new Error('worker pool closed') : error);
      slot.job = undefined;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`worker exited with code ${code}`)));
    return slot;
  }
}
