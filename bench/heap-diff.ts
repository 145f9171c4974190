/**
 * `tsx bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]`: what grew between
 * two V8 heap snapshots (`pnpm soak --heap-snapshots DIR` writes them), as DevTools' Memory
 * panel compares them: objects grouped by constructor (or by kind, for strings, arrays, code),
 * with the change in count and in bytes (self size), largest growth first. Enough to name
 * what a long run keeps; open the files in DevTools to follow a retainer path.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Group {
  count: number;
  bytes: number;
}

/** Count and self size per group: an object's constructor name, or its kind for the rest. */
export function groupNodes(heap: HeapSnapshot): Map<string, Group> {
  const fields = heap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = heap.snapshot.meta.node_types[0];
  const groups = new Map<string, Group>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!;
    const key = type === 'object' || type === 'closure' ? `${type} ${heap.strings[heap.nodes[i + nameAt]!]}` : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += heap.nodes[i + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
  const [beforeFile, afterFile] = positionals;
  if (!beforeFile || !afterFile) throw new Error('usage: tsx bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]');
  const read = (file: string) => groupNodes(JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot);
  const before = read(beforeFile);
  const after = read(afterFile);
  const total = (groups: Map<string, Group>) => [...groups.values()].reduce((sum, g) => sum + g.bytes, 0);
  const rows = [...new Set([...before.keys(), ...after.keys()])]
    .map((key) => {
      const b = before.get(key) ?? { count: 0, bytes: 0 };
      const a = after.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: a.count - b.count, bytes: a.bytes - b.bytes, countAfter: a.count };
    })
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, Number(values.top));
  console.log(`self size: ${(total(before) / 1e6).toFixed(1)} MB → ${(total(after) / 1e6).toFixed(1)} MB`);
  for (const row of rows) {
    console.log(`${(row.bytes / 1e6).toFixed(2).padStart(8)} MB ${String(row.count >= 0 ? `+${row.count}` : row.count).padStart(9)} (now ${row.countAfter})  ${row.key.slice(0, 100)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
