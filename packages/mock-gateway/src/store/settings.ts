/**
 * Values made once and kept for good in the store (so every restart and every replica
 * agrees): the first caller creates the value under the setting's lock, later callers read
 * it. Cached per process after the first read, since such a value never changes.
 */
import type { Store } from './store';
import { settingLock } from './locks';

const caches = new WeakMap<Store, Map<string, Promise<unknown>>>();

export function createdOnce<T>(store: Store, key: string, create: () => T): Promise<T> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = readOrCreate(store, key, create);
    cache.set(key, value);
    value.catch(() => cache.delete(key)); // a failed read is tried again next time
  }
  return value;
}

async function readOrCreate<T>(store: Store, key: string, create: () => T): Promise<T> {
  const existing = await store.setting<T>(key);
  if (existing !== undefined) return existing;
  return store.atomic([settingLock(key)], async () => {
    const raced = await store.setting<T>(key);
    if (raced !== undefined) return raced;
    const value = create();
    store.putSetting(key, value);
    return value;
  });
}
