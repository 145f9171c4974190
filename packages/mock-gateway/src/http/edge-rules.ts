/**
 * The edge: requests a real gateway's web application firewall would block before the API
 * sees them. Missing or empty User-Agent, markup or script, SQL fragments and path traversal
 * in any field answer 403 with an empty body (spec: Authentication, 5).
 *
 * The patterns aim at attack shapes, not at words: "Drop shipping -- select sizes" passes,
 * `' OR 1=1 --` does not. Plain HTTP is not refused: the mock serves loopback only.
 */
// Every pattern runs on the value with whitespace runs collapsed to one space, and none has
// two adjacent quantifiers that can match the same characters: matching stays linear in the
// length of the value (a 100k-character field must not stall the event loop; see the hostile
// suite's regression cases for the shapes that did).
const MARKUP = /< ?\/? ?[a-z!?]/i;
const SCRIPT_URL = /^ ?(javascript|vbscript|data) ?:/i;
const SQL = [
  /['"`] ?(or|and) ['"`]?\w+['"`]? ?(=|like) ?['"`]?\w/i,
  /\bunion (all )?select\b/i,
  /; ?(drop|delete|insert|update|alter|truncate|exec) /i,
  /['"`] ?;? ?--/,
  /\bselect [\w*, ]{1,200}? from \w/i,
];
const TRAVERSAL = /(\.\.[/\\])|([/\\]\.\.$)|%2e%2e|%252e/i;

/** A block comment: an opening and, somewhere after it, a closing. */
function hasSqlComment(value: string): boolean {
  const open = value.indexOf('/*');
  return open >= 0 && value.indexOf('*/', open + 2) >= 0;
}

export function isHostileString(value: string): boolean {
  const text = value.replace(/\s+/g, ' ');
  return MARKUP.test(text) || SCRIPT_URL.test(text) || TRAVERSAL.test(text) || hasSqlComment(text) || SQL.some((re) => re.test(text));
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
