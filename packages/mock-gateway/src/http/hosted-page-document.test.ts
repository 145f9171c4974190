/** The hosted page's stylesheet inline (by hash) and the first view written into the document. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheet, noscriptIn, themeStyle, withFirstView, type FirstViewModule } from './hosted-page-document';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const TEMPLATE =
  '<!doctype html>\n<html lang="en">\n<head>\n<title>Secure checkout</title>\n<script type="module" crossorigin src="/hpp/assets/index-x1.js"></script>\n<link rel="stylesheet" crossorigin href="/hpp/assets/index-abc.css">\n</head>\n<body>\n<noscript>JS</noscript>\n</body>\n</html>';

function dist(css: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hpp-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.css'), css);
  return dir;
}

describe('inlineStylesheet', () => {
  it('puts the linked stylesheet in a <style> and answers its hash (without the source map comment)', () => {
    const { html, hashes } = inlineStylesheet(TEMPLATE, dist('.a{color:red}\n/*# sourceMappingURL=index-abc.css.map */\n'));
    expect(html).toContain('<style>.a{color:red}\n</style>');
    expect(html).not.toContain('<link');
    expect(hashes).toEqual([sha256('.a{color:red}\n')]);
  });

  it('leaves the link when the file is missing or could end the style element', () => {
    expect(inlineStylesheet(TEMPLATE, mkdtempSync(join(tmpdir(), 'hpp-none-')))).toEqual({ html: TEMPLATE, hashes: [] });
    expect(inlineStylesheet(TEMPLATE, dist('a::after{content:"</style><script>"}'))).toEqual({ html: TEMPLATE, hashes: [] });
  });
});

describe('withFirstView', () => {
  const view = { markup: '<div id="hpp-first-view"></div>', css: '#hpp-first-view{--brand:#000}', title: 'Pay <b>&' };
  const script = (pageScript?: string) => (pageScript ? `f();load(${JSON.stringify(pageScript)});` : 'f();');

  it('writes the markup first in the body, theme and script in the head, title escaped, lang set; answers both hashes', () => {
    const drawn = withFirstView(TEMPLATE, view, script, 'ro-RO');
    expect(drawn.html).toContain('<html lang="ro-RO">');
    expect(drawn.html).toContain('<title>Pay &lt;b&gt;&amp;</title>');
    const code = 'f();load("/hpp/assets/index-x1.js");';
    expect(drawn.html).toContain(`<style>#hpp-first-view{--brand:#000}</style>\n    <script>${code}</script>\n  </head>`);
    expect(drawn.html).toContain('<body>\n    <div id="hpp-first-view"></div>\n<noscript>');
    expect(drawn.styleHashes).toEqual([sha256('#hpp-first-view{--brand:#000}')]);
    expect(drawn.scriptHashes).toEqual([sha256(code)]);
  });

  it('takes the page’s script tag out: the first view’s script loads it once drawn', () => {
    const { html } = withFirstView(TEMPLATE, view, script, 'en-US');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<title>Pay &lt;b&gt;&amp;</title>\n<link rel="stylesheet"');
  });

  it('no <style> and no style hash for a first view without styles of its own (the colours are themeStyle’s)', () => {
    const drawn = withFirstView(TEMPLATE, { ...view, css: '' }, script, 'en-US');
    expect(drawn.html).not.toContain('<style>');
    expect(drawn.styleHashes).toEqual([]);
  });

  it('a document without the page’s script tag keeps what it has; the first view’s script only keeps Pay', () => {
    const bare = TEMPLATE.replace(/<script type="module"[^>]*><\/script>\n/, '');
    const drawn = withFirstView(bare, view, script, 'en-US');
    expect(drawn.html).toContain('<script>f();</script>');
    expect(drawn.scriptHashes).toEqual([sha256('f();')]);
  });
});

describe('noscriptIn and themeStyle', () => {
  const module = { NOSCRIPT_TEXTS: { 'sv-SE': 'Kräver <JavaScript>.' }, themeCss: () => ':root{--brand:#000}</style>' } as unknown as FirstViewModule;

  it('the line for a browser without JavaScript in the session’s language only; the built one when none is known', () => {
    const built = TEMPLATE.replace('<noscript>JS</noscript>', '<noscript><p class="noscript">JS. JS.</p></noscript>');
    expect(noscriptIn(built, module, 'sv-SE')).toContain('<body>\n<noscript><p class="noscript" lang="sv-SE">Kräver &lt;JavaScript&gt;.</p></noscript>\n</body>');
    expect(noscriptIn(built, module, 'en-US')).toBe(built);
  });

  it('the colours as a <style> and its hash, never closing it early; none from a build without themeCss', () => {
    expect(themeStyle(module, {})).toEqual({ tag: '<style>:root{--brand:#000}></style>', hash: sha256(':root{--brand:#000}>') });
    expect(themeStyle({} as FirstViewModule, {})).toBeUndefined();
  });
});
