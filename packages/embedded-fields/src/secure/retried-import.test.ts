/** A chunk's import tried again after a failure: by a new URL when the error names the chunk, else the same import. */
import { describe, expect, it, vi } from 'vitest';
import { retriedImport } from './retried-import';

const CHUNK = 'http://127.0.0.1:4000/hpp/assets/card-rules-cGE6Okfk.js';
const MODULE = { cardRules: 'the rules' };

describe('retriedImport', () => {
  it("imports the failed chunk's URL with a query of its own each time, not the import the browser remembers failing", async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:4000' });
    try {
      const load = vi.fn().mockRejectedValue(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`));
      const importUrl = vi.fn().mockRejectedValueOnce(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}?retry=1`)).mockResolvedValue(MODULE);
      const importChunk = retriedImport(load, importUrl);
      await expect(importChunk()).rejects.toThrow('Failed to fetch');
      await expect(importChunk()).rejects.toThrow('Failed to fetch');
      await expect(importChunk()).resolves.toBe(MODULE);
      expect(load).toHaveBeenCalledTimes(1);
      expect(importUrl.mock.calls).toEqual([[`${CHUNK}?retry=1`], [`${CHUNK}?retry=2`]]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("reads Firefox's wording too", async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:4000' });
    try {
      const importUrl = vi.fn().mockResolvedValue(MODULE);
      const importChunk = retriedImport(vi.fn().mockRejectedValue(new TypeError(`error loading dynamically imported module: ${CHUNK}`)), importUrl);
      await importChunk().catch(() => undefined);
      await importChunk();
      expect(importUrl).toHaveBeenCalledWith(`${CHUNK}?retry=1`);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tries the same import again when the error names no URL, or one of another origin', async () => {
    vi.stubGlobal('location', { origin: 'http://localhost:3000' });
    try {
      for (const message of ['Importing a module script failed.', `Failed to fetch dynamically imported module: ${CHUNK}`]) {
        const load = vi.fn().mockRejectedValueOnce(new TypeError(message)).mockResolvedValue(MODULE);
        const importUrl = vi.fn();
        const importChunk = retriedImport(load, importUrl);
        await importChunk().catch(() => undefined);
        await expect(importChunk()).resolves.toBe(MODULE);
        expect(load).toHaveBeenCalledTimes(2);
        expect(importUrl).not.toHaveBeenCalled();
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a first load that succeeds is all there is', async () => {
    const load = vi.fn().mockResolvedValue(MODULE);
    await expect(retriedImport(load)()).resolves.toBe(MODULE);
  });
});
