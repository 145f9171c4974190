/** The hosted page's stylesheet inline (by hash) and the first view written into the document. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheet, withFirstView } from './hosted-page-document';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const TEMPLATE = '<!doctype html>\n<html lang="en">\n<head>\n<title>Secure checkout</title>\n<link rel="stylesheet" crossorigin href="/hpp/assets/index-abc.css">\n</head>\n<body>\n<noscript>JS</noscript>\n</body>\n</html>';

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
  it('writes the markup first in the body, theme and script in the head, title escaped, lang set; answers both hashes', () => {
    const drawn = withFirstView(TEMPLATE, { markup: '<div id="hpp-first-view"></div>', css: '#hpp-first-view{--brand:#000}', title: 'Pay <b>&' }, 'f();', 'ro-RO');
    expect(drawn.html).toContain('<html lang="ro-RO">');
    expect(drawn.html).toContain('<title>Pay &lt;b&gt;&amp;</title>');
    expect(drawn.html).toContain('<style>#hpp-first-view{--brand:#000}</style>\n    <script>f();</script>\n  </head>');
    expect(drawn.html).toContain('<body>\n    <div id="hpp-first-view"></div>\n<noscript>');
    expect(drawn.styleHashes).toEqual([sha256('#hpp-first-view{--brand:#000}')]);
    expect(drawn.scriptHashes).toEqual([sha256('f();')]);
  });
});
