/**
 * A frame document with its entry script inline (`/frames/card?…&script=inline`): the entry's
 * code in the document, an import map that sends its relative imports to /frames/assets/ and
 * its chunks' import of the entry to the link file, and the hashes the CSP allows.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineEntry } from './inline-entry';

const BUILT = '<!doctype html><html><head><title>Secure card payment</title>\n<script type="module" crossorigin src="/frames/assets/card-abc123.js"></script>\n</head><body></body></html>';
const ENTRY = 'const t=()=>import(`./payment-x1.js`);export{t as a};self[Symbol.for("ef-frame-entry")]={a:t};\n//# sourceMappingURL=card-abc123.js.map';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineEntry', () => {
  let frameDir: string;
  beforeAll(() => {
    frameDir = mkdtempSync(join(tmpdir(), 'inline-'));
    mkdirSync(join(frameDir, 'assets'));
    writeFileSync(join(frameDir, 'assets', 'card-abc123.js'), ENTRY);
    writeFileSync(join(frameDir, 'assets', 'card-abc123.link.js'), 'export const{a}=self[Symbol.for("ef-frame-entry")];');
  });
  afterAll(() => rmSync(frameDir, { recursive: true, force: true }));

  it('writes the entry into the document, with an import map and the hash of each inline script', () => {
    const inlined = inlineEntry(BUILT, frameDir)!;
    expect(inlined.html).not.toContain('src="/frames/assets/card-abc123.js"');
    const importMap = /<script type="importmap">(.*?)<\/script>/.exec(inlined.html)![1]!;
    expect(JSON.parse(importMap)).toEqual({
      imports: { '/frames/assets/card-abc123.js': '/frames/assets/card-abc123.link.js', '/frames/assets/': '/frames/assets/', '/frames/': '/frames/assets/' },
    });
    const code = /<script type="module">([\s\S]*?)<\/script>/.exec(inlined.html)![1]!;
    // The source map named from the document's URL, not relative to it.
    expect(code).toBe(ENTRY.replace('sourceMappingURL=card-abc123.js.map', 'sourceMappingURL=/frames/assets/card-abc123.js.map'));
    expect(inlined.hashes).toEqual([sha256(importMap), sha256(code)]);
  });

  it('inlines nothing without the link file (an older build) or when the code could end its script element', () => {
    const older = mkdtempSync(join(tmpdir(), 'inline-'));
    mkdirSync(join(older, 'assets'));
    writeFileSync(join(older, 'assets', 'card-abc123.js'), ENTRY);
    expect(inlineEntry(BUILT, older)).toBeUndefined();
    writeFileSync(join(older, 'assets', 'card-abc123.link.js'), '');
    writeFileSync(join(older, 'assets', 'card-abc123.js'), 'const s=`</script><b>`;');
    expect(inlineEntry(BUILT, older)).toBeUndefined();
    rmSync(older, { recursive: true, force: true });
  });
});
