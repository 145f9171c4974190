import { describe, expect, it } from 'vitest';
import { containsHostileInput, hasUsableUserAgent, isHostileString } from './edge-rules';

describe('edge rules', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    "' OR 1=1 --",
    'x" or "a"="a',
    '1 UNION SELECT password FROM users',
    '1; DROP TABLE transactions',
    '../../etc/passwd',
    '..\\windows\\win.ini',
    '%2e%2e%2fetc',
  ])('blocks %s', (value) => {
    expect(isHostileString(value)).toBe(true);
  });

  it.each([
    'Order #1234 — blue jacket',
    'Drop shipping -- select sizes',
    'price < 5 and > 2',
    "O'Brien",
    'https://merchant.example/return?x=1#done',
    'Ünïcödé naïve café 🚀',
    'dGVzdA==+/abc',
  ])('lets %s through', (value) => {
    expect(isHostileString(value)).toBe(false);
  });

  it('looks into nested values and keys', () => {
    expect(containsHostileInput({ a: [{ b: '<b>x</b>' }] })).toBe(true);
    expect(containsHostileInput({ '<x>': 1 })).toBe(true);
    expect(containsHostileInput({ a: [1, null, true, { b: 'fine' }] })).toBe(false);
  });

  // Hostile suite regression: these shapes made the old patterns backtrack (cubic for
  // "select" + whitespace: 2,000 spaces took 3.7 s, 100k would take hours).
  it.each([
    ['select and whitespace', `select${' '.repeat(100_000)}x`],
    ['a quote and whitespace', `'${' '.repeat(100_000)}`],
    ['a less-than and whitespace', `<${' '.repeat(100_000)}`],
    ['unclosed comments', '/*x'.repeat(33_000)],
    ['select words', 'select '.repeat(15_000)],
  ])('stays fast on %s (100k characters)', (_name, value) => {
    const started = performance.now();
    expect(isHostileString(value)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('still sees the shapes across any whitespace', () => {
    expect(isHostileString("'\n\t OR\t1 =\n1 --")).toBe(true);
    expect(isHostileString('SELECT\n  card_number,\tcvv\nFROM cards')).toBe(true);
    expect(isHostileString('< \n script>')).toBe(true);
    expect(isHostileString('a /* \n */ b')).toBe(true);
  });

  it('needs a non-empty User-Agent', () => {
    expect(hasUsableUserAgent(undefined)).toBe(false);
    expect(hasUsableUserAgent('  ')).toBe(false);
    expect(hasUsableUserAgent('curl/8')).toBe(true);
  });
});
