/**
 * dist/first-view.js: the first view's renderer (src/first-view/first-view.ts) for Node, in one
 * ES module, beside the page it draws. The gateway imports it from the build it serves (as it
 * does each catalog chunk), so the markup in the document always matches that build's script
 * and stylesheet. lit's Node build (the `node` export condition) draws nothing into a DOM
 * here: the templates are only read (first-view/serialize.ts). Not served: /hpp/assets/ only.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['src/first-view/first-view.ts'],
  outfile: 'dist/first-view.js',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The lit templates' whitespace is markup: only names are minified, as in the page's build.
  minifyIdentifiers: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      // Vite's `?url` imports (the card form's web fonts, loaded only in a browser that names a family): no file here.
      name: 'no-asset-urls',
      setup(build) {
        build.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
        build.onLoad({ filter: /.*/, namespace: 'asset-url' }, () => ({ contents: "export default '';", loader: 'js' }));
      },
    },
  ],
});
