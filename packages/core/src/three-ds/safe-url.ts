/**
 * URLs the 3-D Secure flow frames, posts to or navigates to come from the gateway's JSON.
 * Only web URLs are followed: a `javascript:` or `data:` URL there would run script in the
 * merchant's page.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Options of {@link isSafeNavigationUrl}. */
export interface SafeUrlOptions {
  /** Accept plain http on any host (test set-ups); https is always accepted. */
  allowHttp?: boolean;
}

/** True for an absolute https URL, or http on a loopback host (or anywhere with `allowHttp`). */
export function isSafeNavigationUrl(url: unknown, options: SafeUrlOptions = {}): url is string {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  if (parsed.protocol !== 'http:') return false;
  return options.allowHttp === true || LOOPBACK_HOSTS.has(parsed.hostname) || parsed.hostname.endsWith('.localhost');
}
