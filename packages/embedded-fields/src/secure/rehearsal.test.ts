/**
 * The rehearsal draws the form in its type only (rehearsal.ts, REHEARSAL_TYPE): the fonts it
 * finds and the words it shapes must be a mount's, so its type is the form's own (styles.ts)
 * when the merchant sets none.
 */
import { describe, expect, it } from 'vitest';
import { REHEARSAL_TYPE } from './rehearsal';
import { cardFormStyles } from './styles';

/** The declarations of the rule whose selector list is `selector` (whitespace ignored). */
function declarations(cssText: string, selector: string): Map<string, string> {
  const flat = cssText.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');
  for (const [, selectors, body] of flat.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (selectors!.trim() !== selector) continue;
    return new Map(
      body!
        .split(';')
        .map((declaration) => declaration.trim())
        .filter(Boolean)
        .map((declaration) => [declaration.slice(0, declaration.indexOf(':')).trim(), declaration.slice(declaration.indexOf(':') + 1).trim()]),
    );
  }
  throw new Error(`no rule for ${selector}`);
}

/** A `var(--name, fallback)`'s fallback. */
const fallback = (value: string | undefined) => /^var\(\s*--[\w-]+\s*,\s*([\s\S]*?)\s*\)$/.exec(value ?? '')?.[1];

describe('the rehearsal’s type', () => {
  const form = declarations(cardFormStyles.cssText, 'ef-card-form, ef-apm-form');
  const rehearsal = (selector: string) => declarations(REHEARSAL_TYPE.cssText, selector);

  it('is the form’s font stack, size and weight', () => {
    expect(rehearsal('ef-card-form').get('font-family')).toBe(fallback(form.get('--_font')));
    expect(rehearsal('ef-card-form').get('font-size')).toBe(fallback(form.get('--_size')));
    expect(rehearsal('ef-card-form').get('font-weight')).toBe(fallback(form.get('--_weight')));
  });

  it('is the labels’ size and weight, and the inputs’ figures', () => {
    const label = declarations(cardFormStyles.cssText, '.ef-label');
    expect(label.get('font-size')).toBe('var(--_small)');
    expect(form.get('--_small')).toBe('max(13px, calc(var(--_size) * 0.875))'); // 14px at the default 16px
    expect(rehearsal('.ef-label').get('font-size')).toBe('14px');
    expect(rehearsal('.ef-label').get('font-weight')).toBe(label.get('font-weight'));

    const input = declarations(cardFormStyles.cssText, '.ef-input');
    expect(input.get('font')).toBe('inherit');
    expect(input.get('font-size')).toBe('max(16px, var(--_size))'); // the form's 16px
    expect(rehearsal('.ef-input').get('font')).toBe('inherit');
    expect(rehearsal('.ef-input').get('font-variant-numeric')).toBe(input.get('font-variant-numeric'));
  });
});
