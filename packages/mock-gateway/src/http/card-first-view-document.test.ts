/**
 * The card frame's document with the form drawn into it (GET /frames/card with `config`), by
 * the Embedded Fields build being served: the form and its ready script before the module,
 * the style and the script allowed by their hashes, nothing drawn for what the renderer declines.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundlePaths } from '../bundles';
import { cardFirstViewDocument, MAX_FIRST_VIEW_CONFIG_LENGTH, NEW_DRAWINGS_PER_SESSION } from './card-first-view-document';

const frameDir = join(bundlePaths().embeddedFields, 'frame');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const param = (config: unknown) => Buffer.from(JSON.stringify(config)).toString('base64url');

const BUILT = {
  html: '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Secure card payment</title>\n    <script type="importmap">{"imports":{}}</script>\n    <script type="module">entry()</script>\n    <script type="application/json" id="ef-catalog" data-locale="en-US">{}</script>\n  </head>\n  <body>\n  </body>\n</html>',
  key: 'test-build',
  scriptHashes: ["'sha256-map'", "'sha256-entry'"],
};

// The configuration as a script puts it on the wire (the gateway's tests keep their own, apart
// from Embedded Fields' test fixture: what the gateway reads is JSON in a query, not that type).
const config = (overrides: Record<string, unknown> = {}) => ({
  protocolVersion: 1,
  component: 'card',
  locale: 'en-US',
  customerConfig: { hasHolderName: false, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false },
  styles: {},
  saveCard: null,
  savedCard: null,
  ...overrides,
});

describe('cardFirstViewDocument', () => {
  it('draws the form first in the body, its ready script next, then what the head carried; the style and the script by their hashes', async () => {
    const drawn = (await cardFirstViewDocument(frameDir, BUILT, 'en-US', param(config({ styles: { '--ef-color-text': '#aa0000' } })), 'session-1'))!;
    expect(drawn).toBeDefined();
    const body = /<body>([\s\S]*)<\/body>/.exec(drawn.html)![1]!;
    expect(body.startsWith('<ef-card-form id="ef-first-view" data-first-view><form method="dialog"')).toBe(true);
    const order = ['<script>', '<script type="importmap">', '<script type="module">', '<script type="application/json"'].map((tag) => body.indexOf(tag));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(/<head>[\s\S]*<\/head>/.exec(drawn.html)![0]).not.toContain('<script');
    expect(drawn.html).toContain('<html lang="en-US">');

    const style = /<style>([\s\S]*?)<\/style>/.exec(drawn.html)![1]!;
    const ready = /<script>([\s\S]*?)<\/script>/.exec(drawn.html)![1]!;
    expect(style).toContain('#ef-first-view{--ef-color-text:#aa0000}');
    expect(drawn.styleHashes).toEqual([sha256(style)]);
    expect(drawn.scriptHashes).toEqual([...BUILT.scriptHashes, sha256(ready)]);
    // The same configuration again: the same document, by the same key (compressed once).
    expect(await cardFirstViewDocument(frameDir, BUILT, 'en-US', param(config({ styles: { '--ef-color-text': '#aa0000' } })), 'session-1')).toEqual(drawn);
  });

  it('draws nothing for what is not a new card of that locale, not base64url JSON, or too long', async () => {
    const saved = config({ component: 'saved-card', savedCard: { paymentMethodId: 'pm', maskedPan: '4242', expirationDate: '12/30', cardBrand: 'visa' } });
    for (const [locale, value] of [
      ['en-US', param(saved)],
      ['sv-SE', param(config())],
      ['xx-XX', param(config())],
      ['en-US', param({ protocolVersion: 1 })],
      ['en-US', 'not json'],
      ['en-US', Buffer.from('{"a":').toString('base64url')],
      ['en-US', param(config({ translations: { 'en-US': { 'card.number.label': 'x'.repeat(MAX_FIRST_VIEW_CONFIG_LENGTH) } } }))],
    ] as const) {
      expect(await cardFirstViewDocument(frameDir, BUILT, locale, value, `session-${locale}-${value.slice(0, 40)}`)).toBeUndefined();
    }
  });

  it('draws a few new configurations per session, not every one a script makes up; one already drawn is served to any session', async () => {
    const colour = (n: number) => param(config({ styles: { '--ef-color-text': `#0000${n.toString(16).padStart(2, '0')}` } }));
    for (let n = 0; n < NEW_DRAWINGS_PER_SESSION; n += 1) expect(await cardFirstViewDocument(frameDir, BUILT, 'en-US', colour(n), 'session-busy')).toBeDefined();
    expect(await cardFirstViewDocument(frameDir, BUILT, 'en-US', colour(99), 'session-busy')).toBeUndefined();
    expect(await cardFirstViewDocument(frameDir, BUILT, 'en-US', colour(0), 'session-busy')).toBeDefined(); // drawn before: free
    expect(await cardFirstViewDocument(frameDir, BUILT, 'en-US', colour(99), 'session-other')).toBeDefined();
  });
});
