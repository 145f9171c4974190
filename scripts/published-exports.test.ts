/**
 * The published-entry scheme (scripts/published-exports.ts): every package's publishConfig
 * gives each JavaScript entry import and require() conditions with their own declarations,
 * and an entry of another shape is refused with the shape to write. The tarballs themselves
 * are proven from outside by scripts/pack-smoke.sh (an ESM and an `npm init -y` project).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { jsEntries, publishedEntry, writeRequireTypes } from './published-exports';

const packages = fileURLToPath(new URL('../packages', import.meta.url));

describe('published entries', () => {
  it.each(readdirSync(packages))('%s: every JavaScript entry loads with import and require(), typed for both', (name) => {
    const manifest = JSON.parse(readFileSync(join(packages, name, 'package.json'), 'utf8')) as {
      publishConfig: { exports: Record<string, unknown> };
    };
    const entries = jsEntries(manifest.publishConfig.exports);
    expect(entries.length).toBeGreaterThan(0);
    for (const { key, js, types } of entries) {
      expect(manifest.publishConfig.exports[key]).toEqual({
        import: { types, default: js },
        require: { types: types.replace(/\.d\.ts$/, '.d.cts'), default: js },
      });
    }
  });

  it('refuses an import-only entry, and a bare .js one, writing the shape each should have', () => {
    const call = () =>
      jsEntries({
        '.': { types: './dist/index.d.ts', import: './dist/index.js' },
        './testing': './dist/testing.js',
        './sri.json': './dist/sri.json',
        './package.json': './package.json',
      });
    expect(call).toThrow(`"./testing": ${JSON.stringify(publishedEntry('./dist/testing.js', './dist/testing.d.ts'))}`);
    expect(call).toThrow(`".": ${JSON.stringify(publishedEntry('./dist/index.js', './dist/index.d.ts'))}`);
  });

  it('leaves data files alone', () => {
    const entries = jsEntries({ '.': publishedEntry('./dist/index.js', './dist/index.d.ts'), './sri.json': './dist/sri.json', './dist/*': './dist/*' });
    expect(entries).toEqual([{ key: '.', js: './dist/index.js', types: './dist/index.d.ts', requireTypes: './dist/index.d.cts' }]);
  });
});

describe('writeRequireTypes', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each .d.cts with the declarations of its .d.ts', () => {
    dir = mkdtempSync(join(tmpdir(), 'published-exports-'));
    const declarations = "import { Page } from '@playwright/test';\nexport declare function fill(page: Page): Promise<void>;\n";
    writeFileSync(join(dir, 'x.d.ts'), declarations);
    writeRequireTypes(dir, jsEntries({ './x': publishedEntry('./x.js', './x.d.ts') }));
    const written = readFileSync(join(dir, 'x.d.cts'), 'utf8');
    expect(written.startsWith('//')).toBe(true);
    expect(written.slice(written.indexOf('\n') + 1)).toBe(declarations);
  });

  it('refuses declarations that import a relative file (the .d.cts would reach ESM declarations)', () => {
    dir = mkdtempSync(join(tmpdir(), 'published-exports-'));
    writeFileSync(join(dir, 'x.d.ts'), "export { a } from './a.js';\n");
    expect(() => writeRequireTypes(dir, jsEntries({ './x': publishedEntry('./x.js', './x.d.ts') }))).toThrow('imports a relative file');
  });
});
