import { describe, expect, it } from 'vitest';
import { formatAmount, minorDigits } from './money';

describe('money', () => {
  it('knows minor units from the currency', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
  });

  it('formats for the shopper language', () => {
    expect(formatAmount(123456, 'EUR', 'en-US')).toBe('€1,234.56');
    expect(formatAmount(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatAmount(123456, 'SEK', 'sv-SE').replace(/\s/g, ' ')).toBe('1 234,56 kr');
    expect(formatAmount(1000, 'BAM', 'bs-BA')).toMatch(/10,00/);
  });
});

describe('numberLocaleOf', () => {
  it("writes Bosnian numbers with a neighbour's data where the runtime has none of its own", async () => {
    const { numberLocaleOf } = await import('./money');
    const decimals: Record<string, string> = { 'bs-BA': '.', bs: '.', 'hr-BA': ',' };
    expect(numberLocaleOf('bs-BA', (tag) => decimals[tag])).toBe('hr-BA');
    expect(numberLocaleOf('bs-BA', () => ',')).toBe('bs-BA');
    expect(numberLocaleOf('sv-SE', () => undefined)).toBe('sv-SE');
  });
});
