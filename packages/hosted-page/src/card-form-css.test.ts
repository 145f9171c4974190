/**
 * <ef-card-form>'s stylesheets in the hosted page's build (main.ts adopts them; the build
 * moves their rules into the page's stylesheet: build/card-form-css.ts): once, in the page's
 * one stylesheet, after the page's own rules (the order adopted sheets have), and in none of
 * its scripts. Held on the build (`pnpm build`; skipped before it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const assets = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const files = existsSync(assets) ? readdirSync(assets) : [];
const read = (file: string) => readFileSync(`${assets}${file}`, 'utf8');
const count = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(files.length === 0)('the hosted page’s build', () => {
  it('carries the card form’s rules once, in its stylesheet, after its own; none in its scripts', () => {
    const stylesheets = files.filter((file) => file.endsWith('.css'));
    expect(stylesheets).toHaveLength(1);
    const sheet = read(stylesheets[0]!);
    expect(count(sheet, 'container:ef-card-form/inline-size')).toBe(1); // styles.ts
    expect(count(sheet, '.ef-input[data-complete]:not(:disabled){')).toBe(1); // theme-styles.ts
    const own = sheet.indexOf('.method-panel ef-card-form{'); // payment-options.css
    expect(own).toBeGreaterThanOrEqual(0);
    expect(sheet.indexOf('container:ef-card-form/inline-size')).toBeGreaterThan(own);
    expect(files.filter((file) => file.endsWith('.js') && read(file).includes('--_bleed'))).toEqual([]);
  });
});
