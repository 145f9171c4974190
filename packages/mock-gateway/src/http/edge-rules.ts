/**
 * The edge: requests a real gateway's web application firewall would block before the API
 * sees them. Missing or empty User-Agent, markup or script, SQL fragments and path traversal
 * in any field answer 403 with an empty body (spec: Authentication, 5).
 *
 * The patterns aim at attack shapes, not at words: "Drop shipping -- select sizes" passes,
 * `' OR 1=1 --` does not. Plain HTTP is not refused: the mock serves loopback only.
 */
const MARKUP = /<\s*\/?\s*[a-z!?][^>]*>?/i;
const SCRIPT_URL = /^\s*(javascript|vbscript|data)\s*:/i;
const SQL = [
  /['"`]\s*(or|and)\s+['"`]?\w+['"`]?\s*(=|like)\s*['"`]?\w+/i,
  /\bunion\s+(all\s+)?select\b/i,
  /;\s*(drop|delete|insert|update|alter|truncate|exec)\s/i,
  /['"`]\s*;?\s*--/,
  /\bselect\s+[\w*,\s]+\s+from\s+\w/i,
  /\/\*.*\*\//,
];
const TRAVERSAL = /(\.\.[/\\])|([/\\]\.\.$)|%2e%2e|%252e/i;

export function isHostileString(value: string): boolean {
  return MARKUP.test(value) || SCRIPT_URL.test(value) || TRAVERSAL.test(value) || SQL.some((re) => re.test(value));
}

/** Walks a parsed body (any JSON) and reports whether any key or string value is hostile. */
export function containsHostileInput(value: unknown, depth = 0): boolean {
  if (depth > 64) return true; // absurd nesting is itself an attack shape
  if (typeof value === 'string') return isHostileString(value);
  if (Array.isArray(value)) return value.some((item) => containsHostileInput(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => isHostileString(key) || containsHostileInput(item, depth + 1),
    );
  }
  return false;
}

export function hasUsableUserAgent(header: string | string[] | undefined): boolean {
  return typeof header === 'string' && header.trim().length > 0;
}
