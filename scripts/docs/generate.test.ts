/**
 * The documentation's generated pages are what their sources give now: a change to the test
 * cards, the error codes, the bench results or a package's published declarations without
 * `pnpm docs:gen` fails here, naming the page. The API reference reads the built `.d.ts`
 * (`pnpm test` builds before its vitest phase). Also: the QA page's example is the QA kit
 * README's (the pack smoke test runs the latter from the tarballs).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, generatedTables, writeApiReferences } from './generate';
import { errorCodesTable, paymentErrorCodes } from './tables';

const STALE = 'is stale: run `pnpm docs:gen` and commit the result';

describe('generated tables', () => {
  for (const [path, expected] of Object.entries(generatedTables())) {
    it(`docs/${path} matches its source`, () => {
      expect(readFileSync(join(ROOT, 'docs', path), 'utf8'), `docs/${path} ${STALE}`).toBe(expected);
    });
  }

  it('reads each PaymentErrorCode with its comment, and refuses a code without one', () => {
    const source = `export type PaymentErrorCode =\n  /** First. */\n  | 'a'\n  /**\n   * Second,\n   * on two lines.\n   */\n  | 'b';`;
    expect(paymentErrorCodes(source)).toEqual([
      { code: 'a', meaning: 'First.' },
      { code: 'b', meaning: 'Second, on two lines.' },
    ]);
    expect(() => errorCodesTable(`export type PaymentErrorCode =\n  /** First. */\n  | 'a'\n  | 'b';`)).toThrow(/'b' has no/);
  });
});

describe('generated API reference', () => {
  const out = mkdtempSync(join(tmpdir(), 'docs-reference-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('docs/reference is what TypeDoc makes of the published declarations', { timeout: 300_000 }, async () => {
    await writeApiReferences(out);
    const committed = join(ROOT, 'docs/reference');
    const generated = files(out);
    expect(files(committed).filter((file) => file !== 'index.md'), `docs/reference ${STALE}`).toEqual(generated);
    for (const file of generated) {
      expect(readFileSync(join(committed, file), 'utf8'), `docs/reference/${file} ${STALE}`).toBe(readFileSync(join(out, file), 'utf8'));
    }
  });
});

describe('examples shown twice', () => {
  /** The code block after `<!-- marker -->` in a Markdown file. */
  const example = (path: string, marker: string) => new RegExp(`<!-- ${marker} -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readFileSync(join(ROOT, path), 'utf8'))?.[1];

  it("the QA page's example is the QA kit README's, verbatim", () => {
    expect(example('docs/qa/index.md', 'qa-example')).toBeDefined();
    expect(example('docs/qa/index.md', 'qa-example')).toBe(example('packages/testing/README.md', 'qa-example'));
  });

  it("the React page's example is the React package README's, verbatim", () => {
    expect(example('docs/merchants/react.md', 'react-example')).toBeDefined();
    expect(example('docs/merchants/react.md', 'react-example')).toBe(example('packages/react/README.md', 'react-example'));
  });
});

/** Every file under `dir`, relative, sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
