import { describe, expect, it } from 'vitest';
import { isSafeNavigationUrl } from './safe-url';

describe('isSafeNavigationUrl', () => {
  it('accepts https anywhere', () => {
    expect(isSafeNavigationUrl('https://acs.bank.example/challenge?x=1')).toBe(true);
  });

  it('accepts http only on loopback unless allowed', () => {
    for (const url of ['http://localhost:4000/a', 'http://127.0.0.1/a', 'http://[::1]:8080/', 'http://acs.localhost/']) {
      expect(isSafeNavigationUrl(url), url).toBe(true);
    }
    expect(isSafeNavigationUrl('http://acs.example/')).toBe(false);
    expect(isSafeNavigationUrl('http://acs.example/', { allowHttp: true })).toBe(true);
  });

  it('refuses script, data, relative and malformed URLs', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'blob:https://a/b', '//evil.example/x', '/path', 'https//x', '', null, 42]) {
      expect(isSafeNavigationUrl(url, { allowHttp: true }), String(url)).toBe(false);
    }
  });
});
