/**
 * The hosted page's build as the shopper's first load gets it: what its script must not carry
 * again (held on the build, `pnpm build`; skipped before it).
 *  - No colours worked out: the gateway writes the merchant's into the document
 *    (first-view/session-document.ts, themeCss), so theme.ts is not in the page's script.
 *  - No markup indentation: the templates' line breaks and indentation are one space each, in
 *    the page's script and in the first view the gateway draws from the same templates
 *    (embedded-fields' build/vite-plugins.ts, collapseHtmlWhitespace).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMessages } from '@payments/core';
import { describe, expect, it } from 'vitest';
import type { renderFirstView } from './first-view/first-view';
import { testSession } from './test-session';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const built = existsSync(`${dist}manifest.json`) && existsSync(`${dist}first-view.js`);

describe.skipIf(!built)('the hosted page’s script and first view, built', () => {
  const manifest = () => JSON.parse(readFileSync(`${dist}manifest.json`, 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = () => manifest()['index.html']!.file;

  it('the page’s script works out no colours: theme.ts is the gateway’s (through first-view.js) only', () => {
    const map = JSON.parse(readFileSync(`${dist}${entry()}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.endsWith('/src/app.ts'))).toBe(true);
    expect(map.sources.filter((source) => source.endsWith('/src/theme.ts'))).toEqual([]);
  });

  it('the page’s script carries its templates without line breaks and indentation', () => {
    const code = readFileSync(`${dist}${entry()}`, 'utf8');
    expect(code).toContain('class="method-head"');
    expect(code).not.toMatch(/\n[ \t]{2,}/);
  });

  it('the first view it draws has none either, and no presentation repeated on each icon', async () => {
    const module = (await import(pathToFileURL(`${dist}first-view.js`).href)) as { renderFirstView: typeof renderFirstView };
    const view = module.renderFirstView({
      sessionId: 's1',
      session: testSession(['openbanking-redirect', 'provider-y-redirect-idl']),
      savedCards: [],
      locale: 'en-US',
      catalog: await loadMessages('en-US'),
      origin: 'http://127.0.0.1:4010',
    })!;
    expect(view.markup).toContain('autocomplete="cc-number"');
    expect(view.markup).not.toMatch(/\n/);
    expect(view.markup).not.toContain('stroke-linejoin');
  });
});
