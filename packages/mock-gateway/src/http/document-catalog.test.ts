/**
 * The catalog written into a frame or hosted-page document: read from the build's own chunk
 * (found through the Vite manifest), as a JSON data block that cannot break out of its tag.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCatalogTag } from './document-catalog';

describe('documentCatalogTag', () => {
  let build: string;
  beforeAll(() => {
    build = mkdtempSync(join(tmpdir(), 'catalog-'));
    mkdirSync(join(build, 'assets'));
    // What Vite writes: a chunk exporting the catalog under a bundler's name, and the manifest entry for core's source.
    writeFileSync(join(build, 'assets', 'sv-se-abc123.js'), 'var e={labels:{cardNumber:`Kortnummer`},status:{close:`</script><b>Stäng</b>`}};export{e as t};\n');
    writeFileSync(
      join(build, 'card.manifest.json'),
      JSON.stringify({ '../../../core/src/i18n/sv-se.ts': { file: 'assets/sv-se-abc123.js', src: '../../../core/src/i18n/sv-se.ts', isDynamicEntry: true } }),
    );
  });
  afterAll(() => rmSync(build, { recursive: true, force: true }));

  it('writes the chunk’s catalog as a JSON data block with its locale', async () => {
    const tag = await documentCatalogTag(join(build, 'card.manifest.json'), 'sv-SE');
    expect(tag).toMatch(/^<script type="application\/json" id="ef-catalog" data-locale="sv-SE">.*<\/script>$/);
    const json = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ labels: { cardNumber: 'Kortnummer' }, status: { close: '</script><b>Stäng</b>' } });
  });

  it('writes nothing for a locale the build has no chunk for, or without a manifest', async () => {
    expect(await documentCatalogTag(join(build, 'card.manifest.json'), 'ro-RO')).toBe('');
    expect(await documentCatalogTag(join(build, 'missing.manifest.json'), 'sv-SE')).toBe('');
  });

  it('gives the rehearsal the words a default form shows, every other section there but empty', async () => {
    const tag = await documentCatalogTag(join(build, 'card.manifest.json'), 'sv-SE', { rehearsal: true });
    const json = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ labels: { cardNumber: 'Kortnummer' }, status: {} });
  });

  it('leaves the sections a frame never shows empty', async () => {
    const tag = await documentCatalogTag(join(build, 'card.manifest.json'), 'sv-SE', { unused: ['status'] });
    const json = tag.slice(tag.indexOf('>') + 1, tag.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ labels: { cardNumber: 'Kortnummer' }, status: {} });
  });
});
