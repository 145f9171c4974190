/**
 * The hostile values the suite throws at the gateway: wrong types, huge strings built from
 * repeated tokens (the shape that exposes regex backtracking), unicode of every kind (emoji,
 * RTL and bidi controls, NUL, lone surrogates), prototype keys, numbers at and past the
 * int64 and 2^53 limits (written as raw JSON text where a JS number cannot hold them),
 * numeric strings, nested junk and deep nesting.
 */
import fc from 'fast-check';

/** A JSON number written exactly as given, e.g. 9223372036854775807 or 1e400. */
export class RawJsonNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return `RawJsonNumber(${this.text})`;
  }
}

/** JSON.stringify, but RawJsonNumber values are written as their exact text. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const marker = `@@raw${Math.random().toString(36).slice(2)}@@`;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJsonNumber) {
      raws.push(item.text);
      return `${marker}${raws.length - 1}`;
    }
    return item;
  });
  if (text === undefined) return 'null';
  return raws.length === 0 ? text : text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_m, index: string) => raws[Number(index)]!);
}

/** Strings a fuzzer should always try: edge characters, prototype keys, lookalike digits. */
export const DICTIONARY: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u200f',
  '\u202eRLO override',
  '\u200b',
  '\ufeff',
  '\u2028',
  '🚀',
  '👩‍👩‍👧‍👦',
  '🇧🇦',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  '-0',
  '1e309',
  '0x1F',
  '１２３',
  '١٢٣٤٥٦',
  '${7*7}',
  '{{7*7}}',
  '%s%n%x',
  '%00',
  '%',
  '\\',
  '"',
  "'",
  '\r\n',
  '\t',
  'ünïcödé',
  'עברית',
  'العربية',
  '中文汉字',
  'Ǆǅǆ',
  'ß',
  'İ',
];

/** Attack shapes the edge must refuse (403, empty body). */
export const EDGE_ATTACKS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '1 UNION SELECT password FROM users',
  '1; DROP TABLE transactions',
  '../../etc/passwd',
  '%2e%2e%2fetc',
];

/** Huge strings: a prefix and a repeated filler, up to 100k characters. */
const HUGE_PREFIXES = ['', 'select', "'", '"', '<', '/*', 'union ', '-- ', '; ', 'a@', 'https://'];
const HUGE_FILLERS = [' ', '\t', 'a', '9', '🚀', '\u200f', "'", '/*x', 'select ', '<', '.', 'é', '\u0000', ' or '];

export function hugeString(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...HUGE_PREFIXES),
      fc.constantFrom(...HUGE_FILLERS),
      fc.integer({ min: options.minLength ?? 1_000, max: options.maxLength ?? 100_000 }),
    )
    .map(([prefix, filler, length]) => prefix + filler.repeat(Math.ceil(length / filler.length)).slice(0, length));
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...DICTIONARY) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('a', '\u0000', '\u202e')), maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString() },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_ATTACKS) },
);

/** Numbers at and around every limit an amount or count can hit. */
export const edgeNumber: fc.Arbitrary<number | RawJsonNumber> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    1.5,
    99.99,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    2 ** 64,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.EPSILON,
  ),
  fc
    .constantFrom(
      '9007199254740993',
      '9223372036854775807',
      '9223372036854775808',
      '-9223372036854775808',
      '18446744073709551616',
      '1e400',
      '-1e400',
      '100.0',
      '1E2',
      '100.000000000000001',
      '0.1e1',
      '-0.0',
    )
    .map((text) => new RawJsonNumber(text)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const numericString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('100', '1.5', ' 100', '100 ', '1e2', '0x64', '１００', '-5', '+5', '0', '00100', '9223372036854775808'),
  fc.integer().map(String),
);

/** Nesting far past anything the gateway expects (its edge refuses deeper than 64). */
export const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 10, max: 3_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { n: value };
    return value;
  });

export const nestedJunk: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 4 });

/** Any value a field might be sent instead of the one it wants. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: edgeNumber },
  { weight: 1, arbitrary: numericString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: nestedJunk },
  { weight: 1, arbitrary: deepNesting },
);

/** A near miss of a valid string: the mistakes clients make and the limits off by one. */
export function nearMiss(value: string, variant: number): string {
  const variants = [
    value.toLowerCase(),
    value.toUpperCase(),
    ` ${value}`,
    `${value} `,
    `${value}\u0000`,
    `${value}${value.slice(-1) || 'x'}`,
    value.slice(1),
    value.repeat(3),
    '',
    `${value}\u200f`,
    value.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    `${value}🚀`,
  ];
  return variants[variant % variants.length]!;
}

interface Mutation {
  kind: 'replace' | 'delete' | 'extra' | 'near-miss';
  at: number;
  value: unknown;
  key: string;
  variant: number;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'near-miss', 'near-miss', 'delete', 'extra'),
  at: fc.nat(),
  value: hostileValue,
  key: fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', 'toString', ''), hostileString),
  variant: fc.nat(),
});

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

/** Copies plain JSON data; RawJsonNumber values are kept as they are. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value !== null && typeof value === 'object' && !(value instanceof RawJsonNumber)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) define(out, key, copy(item));
    return out;
  }
  return value;
}

/** Sets an own key (even "__proto__", which a hostile JSON body carries as an own key). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function slots(value: unknown, out: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push({ parent: value, key: index });
      slots(item, out);
    });
  } else if (value !== null && typeof value === 'object' && !(value instanceof RawJsonNumber)) {
    for (const [key, item] of Object.entries(value)) {
      out.push({ parent: value as Record<string, unknown>, key });
      slots(item, out);
    }
  }
  return out;
}

function objects(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJsonNumber)) {
    out.push(value as Record<string, unknown>);
    for (const item of Object.values(value)) objects(item, out);
  } else if (Array.isArray(value)) {
    for (const item of value) objects(item, out);
  }
  return out;
}

function applyMutation(root: unknown, m: Mutation): void {
  // A copy: generated constants ({}, []) are shared instances, and a later mutation may add
  // keys to what an earlier one inserted (a cycle, or a constant changed for every run).
  const value = copy(m.value);
  if (m.kind === 'extra') {
    const targets = objects(root);
    if (targets.length > 0) define(targets[m.at % targets.length]!, m.key, value);
    return;
  }
  const all = slots(root);
  if (all.length === 0) return;
  const { parent, key } = all[m.at % all.length]!;
  const current = (parent as Record<string | number, unknown>)[key];
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else Reflect.deleteProperty(parent, key);
    return;
  }
  let next: unknown = value;
  if (m.kind === 'near-miss') {
    if (typeof current === 'string') next = nearMiss(current, m.variant);
    else if (typeof current === 'number') next = [current + 1, current - 1, -current, current + 0.5, String(current), current * 2 ** 53][m.variant % 6];
    else if (typeof current === 'boolean') next = [String(current), current ? 1 : 0, null][m.variant % 3];
  }
  if (Array.isArray(parent)) parent[key as number] = next;
  else define(parent, key as string, next);
}

/**
 * A valid body with 0 to 4 mutations at random places in it: a hostile value, a near miss of
 * the valid value, a deleted field or an extra key. A quarter of the bodies stay valid, so
 * the fuzzer reaches the handlers as often as the validation.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const mutations = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 2, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 4 }) },
  );
  return fc.tuple(valid, mutations).map(([body, list]) => {
    const root = copy(body);
    for (const m of list) applyMutation(root, m);
    return root;
  });
}

/** Sometimes the whole body is replaced by junk: a scalar, an array, random JSON. */
export function orJunkBody<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  return fc.oneof(
    { weight: 14, arbitrary: mutated(valid) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** An object of optional fields: each present about half the time. */
export function someOf(fields: Record<string, fc.Arbitrary<unknown>>, requiredKeys: string[] = []): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(fields, { requiredKeys });
}

export const references = (prefix: string): fc.Arbitrary<string> =>
  fc.oneof(
    // A small pool: references repeat, so idempotency is exercised on every run.
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }).map((n) => `${prefix}-pool-${n}`) },
    { weight: 3, arbitrary: fc.uuid().map((id) => `${prefix}-${id.slice(0, 30)}`) },
  );

/**
 * Percent-encodes a path segment the way a hostile client may: like encodeURIComponent, but
 * a lone surrogate is sent as its 3 WTF-8 bytes (%ED%A0%80) instead of throwing.
 */
export function encodePathSegment(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
