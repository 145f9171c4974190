/**
 * Postgres refuses U+0000 in `jsonb` and in `text`, and a shopper's input may hold it. The
 * SQL engines therefore store a record's JSON, and its text columns, with two characters
 * escaped through U+0001: U+0000 as U+0001 "0", U+0001 as U+0001 "1". Reversible, and a
 * no-op for every string without either (nearly all of them).
 *
 * On JSON text the rewrite goes escape by escape (JSON.stringify and Postgres both write
 * these characters as `\u0000` and `\u0001`), so an escaped backslash followed by "u0000"
 * is left alone. Migration 3 does the same in SQL on the records already stored.
 */

const JSON_ESCAPE = /\\u[0-9a-fA-F]{4}|\\./g;

/** JSON.stringify's text, ready for a jsonb column. */
export function jsonForJsonb(json: string): string {
  if (!json.includes('\\u000')) return json;
  return json.replace(JSON_ESCAPE, (escape) => (escape === '\\u0000' ? '\\u00010' : escape === '\\u0001' ? '\\u00011' : escape));
}

/** A jsonb column's text (`record::text`) back to the JSON that was stored. */
export function jsonFromJsonb(json: string): string {
  if (!json.includes('\\u0001')) return json;
  return json.replace(/\\u[0-9a-fA-F]{4}[01]?|\\./g, (escape) => (escape === '\\u00010' ? '\\u0000' : escape === '\\u00011' ? '\\u0001' : escape));
}

/** A value for a text column (and a filter's value, so the two compare as the originals did). */
export function textForColumn(value: string): string;
export function textForColumn(value: string | null): string | null;
export function textForColumn(value: string | null): string | null {
  if (value === null || !(value.includes('\u0000') || value.includes('\u0001'))) return value;
  return value.replaceAll('\u0001', '\u00011').replaceAll('\u0000', '\u00010');
}
