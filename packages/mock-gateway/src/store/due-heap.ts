/**
 * A binary min-heap of due times: the memory queue's schedule (memory-delivery-queue.ts). The
 * outbox keeps one timer for the earliest entry instead of one timer per delivery. Entries
 * are never removed from the middle: a stale one (the delivery moved on) is skipped by the
 * reader when it reaches the top.
 */
export interface DueEntry {
  at: number;
  /** Ties go to the older delivery. */
  seq: number;
  id: string;
}

const before = (a: DueEntry, b: DueEntry): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq);

export class DueHeap {
  private readonly items: DueEntry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): DueEntry | undefined {
    return this.items[0];
  }

  push(entry: DueEntry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): DueEntry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && before(items[left]!, items[least]!)) least = left;
      if (right < items.length && before(items[right]!, items[least]!)) least = right;
      if (least === i) return top;
      [items[i], items[least]] = [items[least]!, items[i]!];
      i = least;
    }
  }

  clear(): void {
    this.items.length = 0;
  }
}
