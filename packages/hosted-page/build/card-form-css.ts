/**
 * <ef-card-form>'s stylesheets in the page's stylesheet, not in its script. The card form
 * (embedded-fields' secure/styles.ts and theme-styles.ts) carries its CSS as `css`…``
 * literals and adopts them on the document when it connects: right for the card frame, whose
 * document has nothing else. The hosted page's document arrives with the card form already
 * drawn (the gateway's first view), so its CSS must be in the document before any script
 * runs. This plugin moves each literal's text into a stylesheet module that the styles
 * module imports (Vite puts it in the page's one stylesheet, after the page's own rules, the
 * order adopted sheets had) and leaves an empty literal behind: the same rules, once, and
 * about 1.7 kB less script. Runs after minifyCssLiterals, so the CSS moves minified.
 */
import type { Plugin } from 'vite';

/** The card form's stylesheet modules, and the module each one's CSS moves to. */
const SOURCES = /\/embedded-fields\/src\/secure\/(styles|theme-styles)\.ts$/;
const PREFIX = 'hpp-card-form-';

export function cardFormCssInStylesheet(): Plugin {
  const moved = new Map<string, string>();
  return {
    name: 'hpp-card-form-css',
    transform(code, id) {
      const source = SOURCES.exec(id);
      if (!source) return null;
      const name = `${PREFIX}${source[1]}.css`;
      let css = '';
      const emptied = code.replace(/\bcss`([^`\\]*)`/g, (_literal, text: string) => {
        css += text;
        return 'css``';
      });
      if (!css) this.error(`${id}: no css\`…\` literal found to move into the page's stylesheet`);
      moved.set(name, css);
      return { code: `import ${JSON.stringify(name)};\n${emptied}`, map: null };
    },
    resolveId: (id) => (id.startsWith(PREFIX) && moved.has(id) ? id : null),
    load: (id) => moved.get(id) ?? null,
  };
}
