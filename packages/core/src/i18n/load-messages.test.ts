import { describe, expect, it } from 'vitest';
import { hasLoadedMessages, loadedMessages, loadMessages } from './load-messages';
import { messages } from './messages';

describe('loadMessages', () => {
  it('loads the one catalog asked for, and loadedMessages reads only what was loaded', async () => {
    expect(() => loadedMessages('sv-SE')).toThrow(/not loaded/);
    const catalog = await loadMessages('sv-SE');
    expect(catalog).toEqual(messages('sv-SE'));
    expect(loadedMessages('sv-SE')).toBe(catalog);
    expect(hasLoadedMessages('ro-RO')).toBe(false);
    expect(await loadMessages('sv-SE')).toBe(catalog); // once
  });
});
