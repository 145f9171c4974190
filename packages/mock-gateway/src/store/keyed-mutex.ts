/**
 * In-process exclusive locks by name. `acquire` takes every name in a fixed (sorted) order,
 * so two holders of overlapping sets cannot deadlock. A released lock with no waiter leaves
 * nothing behind.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(names: readonly string[]): Promise<() => void> {
    const releases: (() => void)[] = [];
    for (const name of [...new Set(names)].sort()) releases.push(await this.acquireOne(name));
    return () => {
      for (const release of releases.reverse()) release();
    };
  }

  private async acquireOne(name: string): Promise<() => void> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(name, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(name) === tail) this.tails.delete(name);
    };
  }
}
