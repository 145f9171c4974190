import { describe, expect, it } from 'vitest';
import { PAGE_TEXTS } from './texts/all';

const all = (locale: keyof typeof PAGE_TEXTS) => Object.values(PAGE_TEXTS[locale]).join('\n');

describe("the hosted page's texts follow the style notes", () => {
  it('bs-BA: formal -ite imperatives and the courtesy capital (Vi, Vaš, Vam)', () => {
    const bs = all('bs-BA');
    expect(bs).not.toMatch(/\b(Nastavi|Vrati se|Otkaži|Provjeri|Plati|Pokušaj)\b/);
    expect(bs).not.toMatch(/\b(vaš|vaša|vaše|vašoj|vašu|vas|vam)\b/);
  });

  it('ro-RO: polite -ți imperatives, comma-below ș ț', () => {
    const ro = all('ro-RO');
    expect(ro).not.toMatch(/\b(Plătește|Continuă|Revino|Anulează|Verifică|Încearcă)\b/);
    expect(ro).not.toMatch(/[şţ]/);
  });

  it('sv-SE: "betalningssätt", never "betalsätt"', () => {
    expect(all('sv-SE')).not.toMatch(/betalsätt|betalsătt/);
  });

  it('never names a transaction id or a status to the shopper', () => {
    for (const locale of Object.keys(PAGE_TEXTS) as (keyof typeof PAGE_TEXTS)[]) {
      expect(all(locale)).not.toMatch(/transa[ck]/i);
    }
  });
});

