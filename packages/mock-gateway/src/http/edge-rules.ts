/**
 * The edge: requests a real gateway's web application firewall would block before the API
 * sees them. Missing or empty User-Agent, markup or script, SQL fragments and path traversal
 * (as written or URL-encoded, once or more) in any field answer 403 with an empty body (spec:
 * Authentication, 5).
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
/** `..` before a separator, or after one at the end (of a value, or of a URL's path). */
const TRAVERSAL = /(\.\.[/\\])|([/\\]\.\.(?:$|[?#]))/;
/** Encoded dots that spell nothing but a traversal, blocked as they are. */
const ENCODED_DOTS = /%2e%2e|%252e/i;

const ESCAPE = /%(?:u([0-9a-f]{4})|(c0%ae|c0%af|c1%9c|e0%80%ae|e0%80%af)|([0-9a-f]{2}))/gi;
const OVERLONG: Record<string, string> = { 'c0%ae': '.', 'e0%80%ae': '.', 'c0%af': '/', 'e0%80%af': '/', 'c1%9c': '\\' };

/**
 * One round of URL decoding as a lenient server does it: `%2f`, IIS's `%u002f`, and the
 * overlong UTF-8 forms of `.`, `/` and `\` that old decoders accepted. Only what is a valid
 * escape changes: "50% off" and "10%/year" come out as they went in.
 */
function decodeOnce(text: string): string {
  return text.replace(ESCAPE, (_match, unicode: string | undefined, overlong: string | undefined, hex: string | undefined) =>
    unicode ? String.fromCharCode(parseInt(unicode, 16)) : overlong ? OVERLONG[overlong.toLowerCase()]! : String.fromCharCode(parseInt(hex!, 16)),
  );
}

/** Decoding rounds looked through: `%25252f` is `/` after three (a server that decodes at each of its layers). */
const ROUNDS = 3;

/**
 * Path traversal, as written or URL-encoded: `../`, `..\`, `..%2f`, `%2e%2e%5c`, `%252e%252e%252f`
 * (double encoding), `..%c0%af`. Each round is one linear pass, and only values with a `%` get any.
 */
export function hasTraversal(value: string): boolean {
  if (TRAVERSAL.test(value) || ENCODED_DOTS.test(value)) return true;
  let text = value;
  for (let round = 0; round < ROUNDS && text.includes('%'); round++) {
    const decoded = decodeOnce(text);
    if (decoded === text) return false;
    if (TRAVERSAL.test(decoded)) return true;
    text = decoded;
  }
  return false;
}

/** A block comment: an opening and, somewhere after it, a closing. */
function hasSqlComment(value: string): boolean {
  const open = value.indexOf('/*');
  return open >= 0 && value.indexOf('*/', open + 2) >= 0;
}

export function isHostileString(value: string): boolean {
  const text = value.replace(/\s+/g, ' ');
  return MARKUP.test(text) || SCRIPT_URL.test(text) || hasTraversal(text) || hasSqlComment(text) || SQL.some((re) => re.test(text));
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
