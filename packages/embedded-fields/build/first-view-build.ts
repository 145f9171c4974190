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

/** Vite's `?url` imports (the card form's web fonts, loaded only in a browser that names a family): no file here. */
const noAssetUrls: Plugin = {
  name: 'no-asset-urls',
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
    build.onLoad({ filter: /.*/, namespace: 'asset-url' }, () => ({ contents: "export default '';", loader: 'js' }));
  },
};

/** css`` minified as the browser builds minify it (vite-plugins.ts, minifyCssLiterals): a first view's stylesheet is the frame's, byte for byte. */
const minifiedCss: Plugin = {
  name: 'minified-css-literals',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('css`')) return undefined;
      const result = await minifyHTMLLiterals(code, { fileName: args.path, html: false });
      return { contents: result?.code ?? code, loader: 'ts' };
    });
  },
};

/** Bundles `entry` for Node 20 into `outfile` (one ES module). */
export async function buildFirstView(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The lit templates' whitespace is markup: only names are minified, as in the browser builds.
    minifyIdentifiers: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [noAssetUrls, minifiedCss],
  });
}
