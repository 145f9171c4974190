/**
 * A chunk's dynamic import that a later call can try again after it failed.
 *
 * Browsers may remember a module whose fetch failed: Chromium 150 does (156 asks the network
 * again), so import() of the same URL fails at once, with no request, and a "tried again on
 * the next call" never reaches the network. After a failure, the next call imports the chunk's
 * URL with a query of its own (`?retry=1`, `?retry=2`…): a new entry in the module map, the
 * same file. The URL comes from the error (Chromium: "Failed to fetch dynamically imported
 * module: URL"; Firefox: "error loading dynamically imported module: URL"), and only when it is
 * of this document's origin; an error that names none (Safari's) has the same import tried again.
 *
 * Only for a chunk that nothing imports statically (the card rules, the brands' marks): a
 * chunk that others import by its plain URL would run twice, or its importers fail.
 */
export function retriedImport<Module>(
  load: () => Promise<Module>,
  importUrl: (url: string) => Promise<Module> = (url) => import(/* @vite-ignore */ url) as Promise<Module>,
): () => Promise<Module> {
  let failedUrl: string | undefined;
  let failures = 0;
  return () =>
    (failedUrl === undefined ? load() : importUrl(`${failedUrl}?retry=${failures}`)).catch((error: unknown) => {
      failures += 1;
      failedUrl ??= moduleUrlIn(error);
      throw error;
    });
}

/** The same-origin `.js` URL an import error names, without its query; undefined when it names none. */
function moduleUrlIn(error: unknown): string | undefined {
  const named = /\bhttps?:\/\/[^\s"'`]+?\.js\b/.exec(error instanceof Error ? error.message : String(error))?.[0];
  if (named === undefined) return undefined;
  try {
    const url = new URL(named);
    return typeof location === 'undefined' || url.origin === location.origin ? `${url.origin}${url.pathname}` : undefined;
  } catch {
    return undefined;
  }
}
