/**
 * Holds every request a page makes for a URL matching `pattern` until `release()`: a slow
 * network for one file, to show what the shopper sees while it is on its way.
 */
import type { Page } from '@playwright/test';

export async function holdRequests(page: Page, pattern: RegExp): Promise<{ asked: () => number; release: () => void }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(pattern, async (route) => {
    asked += 1;
    await released;
    await route.continue();
  });
  return { asked: () => asked, release };
}
