/** Where the card form finds its rules: one load at a time, tried again after a failure, and every waiter told whichever load succeeds. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardRules } from './card-rules';
import type * as CardRulesLoader from './card-rules-loader';

type Loader = typeof CardRulesLoader;
const RULES = { name: 'the rules' } as unknown as CardRules;
const CHUNK = { cardRules: RULES };

describe('card-rules-loader', () => {
  let loader: Loader;
  beforeEach(async () => {
    vi.resetModules();
    loader = await import('./card-rules-loader');
  });

  it('shares the load under way, and tries again after a failure', async () => {
    const source = vi.fn<() => Promise<{ cardRules: CardRules }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(CHUNK);
    loader.cardRulesFrom(source);
    const [first, second] = [loader.loadCardRules(), loader.loadCardRules()];
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');
    expect(source).toHaveBeenCalledTimes(1);
    await expect(loader.loadCardRules()).resolves.toBe(RULES);
    expect(source).toHaveBeenCalledTimes(2);
    expect(loader.cardRules()).toBe(RULES);
  });

  it('tells a waiter once, when a later load succeeds after its own failed', async () => {
    loader.cardRulesFrom(vi.fn<() => Promise<{ cardRules: CardRules }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(CHUNK));
    const waiter = vi.fn();
    loader.whenCardRules(waiter);
    await loader.loadCardRules().catch(() => undefined);
    expect(waiter).not.toHaveBeenCalled();
    await loader.loadCardRules();
    await loader.loadCardRules();
    expect(waiter).toHaveBeenCalledTimes(1);
    expect(waiter).toHaveBeenCalledWith(RULES);
  });

  it('tells a waiter at once when the rules are already here', () => {
    loader.provideCardRules(RULES);
    const waiter = vi.fn();
    loader.whenCardRules(waiter);
    expect(waiter).toHaveBeenCalledWith(RULES);
  });
});
