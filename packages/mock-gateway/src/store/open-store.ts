/**
 * Where a gateway keeps its state, from its options: memory (the default), the embedded
 * durable store in a directory (`--data DIR`), or a shared Postgres (`--database-url`).
 */
import { resolve } from 'node:path';
import { MemoryBackend } from './memory-backend';
import { Store } from './store';

export interface StoreLocation {
  /** A directory for the embedded durable store (created if missing). */
  data?: string | undefined;
  /** A Postgres database several gateways share (`--database-url`). */
  databaseUrl?: string | undefined;
}

export async function openStore(location: StoreLocation = {}): Promise<Store> {
  if (location.data && location.databaseUrl) throw new Error('Give --data or --database-url, not both');
  if (location.databaseUrl) {
    const { openPostgresBackend } = await import('./postgres-backend');
    return new Store(await openPostgresBackend(location.databaseUrl));
  }
  if (location.data) {
    // Loaded only when asked for: PGlite is large, and a memory gateway never needs it.
    const { openPGliteBackend } = await import('./pglite-backend').catch((error: unknown) => {
      throw new Error(`--data needs the package @electric-sql/pglite (npm i @electric-sql/pglite): ${String(error)}`);
    });
    return new Store(await openPGliteBackend(resolve(location.data)));
  }
  return new Store(new MemoryBackend());
}
