/**
 * The card form's stylesheet travels once on a new card's path (card-frame-styles.ts), held on
 * the build (`pnpm build`; skipped before it): the card frame's entry carries none of its
 * rules, its chunk carries them all, and they are the very rules the gateway writes into a
 * first view (dist/frame/card-first-view.js), so a card frame looks the same with a first
 * view or without one. The style allow-list is a chunk of its own too: a first view's document
 * takes the properties the gateway passed through it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMessages } from '@payments/core';
import { describe, expect, it } from 'vitest';
import { cardFrameConfig } from '../test-support/frame-config';
import type { renderCardFirstView as RenderCardFirstView } from './first-view/card-first-view';

const frameDir = fileURLToPath(new URL('../../dist/frame/', import.meta.url));
const built = existsSync(`${frameDir}card.manifest.json`) && existsSync(`${frameDir}card-first-view.js`);

/** A built file by its source's key in card.manifest.json. */
function asset(manifest: Record<string, { file: string } | undefined>, key: string): string {
  const file = manifest[key]?.file;
  if (!file) throw new Error(`${key}: no such chunk in card.manifest.json`);
  return readFileSync(`${frameDir}${file}`, 'utf8');
}

describe.skipIf(!built)('the card frame’s build', () => {
  it('carries the form’s stylesheet in its chunk, as the first view writes it, and none of it in the entry', async () => {
    const manifest = JSON.parse(readFileSync(`${frameDir}card.manifest.json`, 'utf8')) as Record<string, { file: string } | undefined>;
    const { renderCardFirstView } = (await import(pathToFileURL(`${frameDir}card-first-view.js`).href)) as { renderCardFirstView: typeof RenderCardFirstView };
    const view = await renderCardFirstView({ config: cardFrameConfig(), locale: 'en-US', catalog: await loadMessages('en-US') });
    // Its rules, each up to its closing brace: `ef-card-form,ef-apm-form{--_font:…`, `.ef-row{display:grid;…`.
    const rules = view!.css.split('}').filter((rule) => rule.length >= 16);
    expect(rules.length).toBeGreaterThan(40);
    const entry = asset(manifest, 'card.html');
    expect(rules.filter((rule) => entry.includes(rule))).toEqual([]);
    expect(entry).not.toMatch(/--_(bleed|pad|radius|small)\b/);
    const chunk = asset(manifest, 'card-form-stylesheets.ts');
    expect(rules.filter((rule) => !chunk.includes(rule))).toEqual([]);
  });

  it('carries the style allow-list in its chunk and none of it in the entry; nor the translation keys', () => {
    const manifest = JSON.parse(readFileSync(`${frameDir}card.manifest.json`, 'utf8')) as Record<string, { file: string } | undefined>;
    const entry = asset(manifest, 'card.html');
    // The allow-list's words: a named colour, a forbidden fragment, a variable and its value kind.
    const allowList = ['currentcolor', 'expression', '"--ef-invalid-color-background":`color`'];
    const chunk = asset(manifest, 'style-allow-list.ts');
    expect(allowList.filter((word) => !chunk.includes(word))).toEqual([]);
    expect(allowList.filter((word) => entry.includes(word))).toEqual([]);
    expect(entry).not.toContain('card.saveCard.label'); // translation-keys.ts: in translated-messages' chunk
  });
});
