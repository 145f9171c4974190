/**
 * `@payments/embedded-fields/build`: what the hosted page's build shares with Embedded Fields'
 * own (workspace-only: the published exports do not list it).
 */
export { collapseHtmlWhitespace, collapseTemplateLineBreaks, minifyCssLiterals, plainDynamicImports } from './vite-plugins';
export { buildFirstView } from './first-view-build';
