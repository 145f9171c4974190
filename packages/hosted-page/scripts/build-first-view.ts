/**
 * dist/first-view.js: the first view's renderer (src/first-view/first-view.ts) for Node, beside
 * the page it draws (embedded-fields' build/first-view-build.ts). Not served: /hpp/assets/ only.
 */
import { buildFirstView } from '@payments/embedded-fields/build';

await buildFirstView('src/first-view/first-view.ts', 'dist/first-view.js');
