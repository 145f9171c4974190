/** docs/screens/README.md: the index of the captured screens, by page and locale. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type LocaleTag } from '@payments/core';

export function writeIndex(out: string, sizes: readonly { locale: LocaleTag; screen: string; bytes: number }[], screens: Readonly<Record<string, string>>): void {
  const captured = new Set(sizes.map(({ locale, screen }) => `${locale}/${screen}`));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const lines = [
    '# Shopper-facing screens',
    '',
    'Every page a shopper sees, in the four locales, at a 480 px wide viewport: written by',
    '`pnpm screens` (scripts/screens.ts), which starts the real mock gateway and the demo shop and',
    "drives Chromium with the browser's language set to the locale. Each file is an 8-bit indexed",
    'PNG (`docs/screens/<locale>/<page>.png`). The run also checks the visible text of every',
    'page and its frames: no UUID, processing code or raw status word reaches the shopper.',
    "The demo shop's QA panel (test cards and developer details, in English, for testers) is",
    'left out of the pictures: a real shop has none.',
    '',
    `${sizes.length} screens, ${Math.round(total / 1024)} kB in all.`,
    '',
    `| page | what it shows | ${LOCALES.join(' | ')} |`,
    `|---|---|${LOCALES.map(() => '---').join('|')}|`,
    ...Object.entries(screens).map(
      ([screen, what]) =>
        `| ${screen} | ${what} | ${LOCALES.map((locale) => (captured.has(`${locale}/${screen}`) ? `[png](${locale}/${screen}.png)` : '—')).join(' | ')} |`,
    ),
    '',
  ];
  writeFileSync(join(out, 'README.md'), lines.join('\n'));
}
