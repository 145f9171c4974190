/**
 * The first views' renderers for Node (embedded-fields' secure/first-view/card-first-view.ts,
 * the hosted page's first-view/first-view.ts), each in one ES module beside the build it
 * draws for: the gateway imports it from the build it serves, so the markup in a document
 * always matches that build's script and stylesheet. lit's Node build (the `node` export
 * condition) draws nothing into a DOM there: the templates are only read (serialize.ts).
 */
import { readFile } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';
import { minifyHTMLLiterals } from 'minify-literals';
import { collapseTemplateWhitespace } from './vite-plugins';

/** Vite's `?url` imports (the card form's web fonts, loaded only in a browser that names a family): no file here. */
const noAssetUrls: Plugin = {
  name: 'no-asset-urls',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
    build.onLoad({ filter: /.*/, namespace: 'asset-url' }, () => ({ contents: "export default '';", loader: 'js' }));
  },
};

/**
 * css`` minified as the browser builds minify it (vite-plugins.ts, minifyCssLiterals): a first
 * view's stylesheet is the frame's, byte for byte; and, for a page whose browser build collapses
 * its templates' line breaks (collapseHtmlWhitespace), its markup collapsed alike.
 */
const minifiedLiterals = (collapseHtml: boolean): Plugin => ({
  name: 'minified-literals',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      let code = await readFile(args.path, 'utf8');
      const original = code;
      if (collapseHtml) code = (await collapseTemplateWhitespace(code, args.path))?.code ?? code;
      if (code.includes('css`')) code = (await minifyHTMLLiterals(code, { fileName: args.path, html: false }))?.code ?? code;
      return code === original ? undefined : { contents: code, loader: 'ts' };
    });
  },
});

/**
 * Bundles `entry` for Node 20 into `outfile` (one ES module). `collapseHtmlWhitespace`: as the
 * browser build of the page it draws for does (vite-plugins.ts).
 */
export async function buildFirstView(entry: string, outfile: string, options: { collapseHtmlWhitespace?: boolean } = {}): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Only names are minified, as in the browser builds (the templates' whitespace: minifiedLiterals).
    minifyIdentifiers: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [noAssetUrls, minifiedLiterals(options.collapseHtmlWhitespace === true)],
  });
}
