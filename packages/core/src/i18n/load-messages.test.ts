import { describe, expect, it } from 'vitest';
import { hasLoadedMessages, loadedMessages, loadMessages, MESSAGE_SECTIONS, provideMessages } from './load-messages';
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

describe('provideMessages', () => {
  it('names every section of a catalog', () => {
    expect([...MESSAGE_SECTIONS].sort()).toEqual(Object.keys(messages('en-US')).sort());
  });

  it('takes a whole catalog handed over by the document: loadMessages then needs no chunk', async () => {
    const catalog = JSON.parse(JSON.stringify(messages('bs-BA'))) as unknown;
    expect(provideMessages('bs-BA', catalog)).toBe(true);
    expect(loadedMessages('bs-BA')).toBe(catalog);
    expect(await loadMessages('bs-BA')).toBe(catalog);
  });

  it('ignores what is not a catalog (another build’s, or garbage): the chunk loads instead', () => {
    const partial: Record<string, unknown> = { ...messages('ro-RO') };
    delete partial.hostedPage;
    for (const wrong of [null, 'text', 42, [], partial]) expect(provideMessages('ro-RO', wrong)).toBe(false);
    expect(hasLoadedMessages('ro-RO')).toBe(false);
  });
});
