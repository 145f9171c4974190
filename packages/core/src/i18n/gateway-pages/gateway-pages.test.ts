import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales';
import { GATEWAY_PAGE_CATALOGS } from '.';

const english = GATEWAY_PAGE_CATALOGS['en-US'];
const keys = Object.keys(english).sort();
const paramsOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each(LOCALES)('gateway pages catalog %s', (locale) => {
  const catalog = GATEWAY_PAGE_CATALOGS[locale];

  it('has every key, each with the parameters of the English text', () => {
    expect(Object.keys(catalog).sort()).toEqual(keys);
    for (const key of keys) {
      const text = catalog[key as keyof typeof catalog];
      expect(text.trim(), key).not.toBe('');
      expect(paramsOf(text), key).toEqual(paramsOf(english[key as keyof typeof english]));
    }
  });

  it('is translated (nothing copied from English)', () => {
    if (locale === 'en-US') return;
    const copied = keys.filter((key) => catalog[key as keyof typeof catalog] === english[key as keyof typeof english]);
    expect(copied).toEqual([]);
  });
});

describe('style', () => {
  it('speaks formally in Romanian and Bosnian, with comma-below ș ț', () => {
    const ro = Object.values(GATEWAY_PAGE_CATALOGS['ro-RO']).join(' ');
    expect(ro).not.toMatch(/[şţ]/);
    expect(ro).not.toMatch(/\b(Apasă|Aprobă|Refuză|Renunță|Continuă|Încearcă)\b/);
    const bs = Object.values(GATEWAY_PAGE_CATALOGS['bs-BA']).join(' ');
    expect(bs).not.toMatch(/\b(Odobri|Odbij|Odustani|Nastavi|Vrati se|Pokušaj)\b/);
    expect(bs).not.toMatch(/\b(vaš|vaša|vas|vam)\b/);
  });
});
