/**
 * dist/first-view.js: the first view's renderer (src/first-view/first-view.ts) for Node, beside
 * the page it draws (embedded-fields' build/first-view-build.ts). Not served: /hpp/assets/ only.
 */
import { buildFirstView } from '@payments/embedded-fields/build';

// Its templates' whitespace as the page's script has it (vite.config.ts, collapseHtmlWhitespace).
await buildFirstView('src/first-view/first-view.ts', 'dist/first-view.js', { collapseHtmlWhitespace: true });
