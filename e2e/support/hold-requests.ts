/**
 * Holds every request a page makes for a URL matching `pattern` until `release()` lets them
 * through or `fail()` fails them as a dropped connection would: a slow or broken network for
 * one file, to show what the shopper sees while it is on its way. Once either is called,
 * later requests go straight through (the network has come back).
 */
import type { Page } from '@playwright/test';

export interface HeldRequests {
  /** How many requests have matched so far. */
  asked: () => number;
  release: () => void;
  fail: () => void;
}

export async function holdRequests(page: Page, pattern: RegExp): Promise<HeldRequests> {
  let settle: (outcome: 'continue' | 'abort') => void = () => undefined;
  const settled = new Promise<'continue' | 'abort'>((resolve) => (settle = resolve));
  let asked = 0;
  let open = false;
  await page.route(pattern, async (route) => {
    asked += 1;
    if (open) return route.continue();
    const outcome = await settled;
    await (outcome === 'abort' ? route.abort('connectionreset') : route.continue());
  });
  const end = (outcome: 'continue' | 'abort') => {
    settle(outcome);
    open = true;
  };
  return { asked: () => asked, release: () => end('continue'), fail: () => end('abort') };
}
