/**
 * dist/frame/card-first-view.js: the card frame's first view (src/secure/first-view/
 * card-first-view.ts) for Node, beside the frame documents it draws into (build/
 * first-view-build.ts). Not served: /frames/assets/ only.
 */
import { buildFirstView } from '../build/first-view-build.ts';

await buildFirstView('src/secure/first-view/card-first-view.ts', 'dist/frame/card-first-view.js');
