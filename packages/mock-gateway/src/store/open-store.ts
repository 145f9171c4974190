/**
 * Where a gateway keeps its state, from its options: memory (the default), the embedded
 * durable store in a directory (`--data DIR`), or (to come) a shared Postgres.
 */
import { resolve } from 'node:path';
import { MemoryBackend } from './memory-backend';
import { openPGliteBackend } from './pglite-backend';
import { Store } from './store';

export interface StoreLocation {
  /** A directory for the embedded durable store (created if missing). */
  data?: string | undefined;
}

export async function openStore(location: StoreLocation = {}): Promise<Store> {
  if (location.data) return new Store(await openPGliteBackend(resolve(location.data)));
  return new Store(new MemoryBackend());
}
