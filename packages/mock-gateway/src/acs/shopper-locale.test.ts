import { describe, expect, it } from 'vitest';
import { acceptLanguages } from './shopper-locale';

describe('acceptLanguages', () => {
  it('orders by q, keeps the order of equals, drops q=0 and junk', () => {
    expect(acceptLanguages('de-DE,de;q=0.9,sv;q=0.95,ro;q=0,<x>;q=1')).toEqual(['de-DE', 'sv', 'de']);
    expect(acceptLanguages(undefined)).toEqual([]);
    expect(acceptLanguages('*')).toEqual([]);
  });
});
