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

  it('needs a non-empty User-Agent', () => {
    expect(hasUsableUserAgent(undefined)).toBe(false);
    expect(hasUsableUserAgent('  ')).toBe(false);
    expect(hasUsableUserAgent('curl/8')).toBe(true);
  });
});
