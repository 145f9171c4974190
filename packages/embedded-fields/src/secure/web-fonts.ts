/**
 * The web fonts a merchant may name first in `--ef-font-family` (Theme.font.family): the
 * frame loads them from the gateway itself (woff2 files from @fontsource-variable, emitted
 * by the frame build under /frames/assets/ with content-hashed, immutable names; the frame's
 * CSP allows fonts from 'self' only), never from a third-party font host. Only when named:
 * a form in the default system font loads nothing.
 */
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';

const LATIN = 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

/** The allow-list: family name (lower case) → its files and the characters each covers. */
export const WEB_FONTS: Readonly<Record<string, { family: string; faces: readonly (readonly [url: string, unicodeRange: string])[] }>> = {
  inter: { family: 'Inter', faces: [[interLatin, LATIN], [interLatinExt, LATIN_EXT]] },
};

const loaded = new Set<string>();

/** The first family of a font-family list, unquoted and lower-cased. */
export function firstFamily(fontFamily: string): string {
  return fontFamily.split(',')[0]!.trim().replace(/^(['"])(.*)\1$/, '$2').toLowerCase();
}

/** Loads the web font `fontFamily` starts with, when it is on the allow-list (once per document). */
export function loadWebFont(fontFamily: string | undefined, doc: Document = document): void {
  const name = fontFamily ? firstFamily(fontFamily) : '';
  const font = Object.prototype.hasOwnProperty.call(WEB_FONTS, name) ? WEB_FONTS[name] : undefined;
  if (!font || loaded.has(name) || typeof FontFace !== 'function') return;
  loaded.add(name);
  for (const [url, unicodeRange] of font.faces) {
    const face = new FontFace(font.family, `url("${new URL(url, doc.baseURI).href}") format('woff2')`, { weight: '100 900', unicodeRange, display: 'swap' });
    doc.fonts.add(face);
    void face.load().catch(() => undefined); // the fallback families stay
  }
}
