/**
 * A foreign page for the hostile tests: the test shop under its other name. The merchant
 * pages are served on `http://localhost:<port>`; the same server answers on
 * `http://127.0.0.1:<port>`, a different origin (and not the merchant's), so a page there
 * is a stranger to the secure frames.
 */
export function foreignOf(merchantOrigin: string): string {
  const url = new URL(merchantOrigin);
  if (url.hostname !== 'localhost') throw new Error(`foreignOf expects a merchant on localhost, got ${merchantOrigin}`);
  url.hostname = '127.0.0.1';
  return url.origin;
}

/** Matches a frame whose URL is `path` on the foreign origin (for page.frame({ url })). */
export function foreignUrl(merchantOrigin: string, path: string): (url: URL) => boolean {
  const origin = foreignOf(merchantOrigin);
  return (url) => url.origin === origin && url.pathname === path;
}
