// Flat config: strict TypeScript rules everywhere, and the project's security habits
// (no raw HTML sinks, no postMessage to '*') enforced as errors rather than review notes.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/boundaries/no-relative-package-import.js';

// ---- Import boundaries (README, "Architecture"; proven by scripts/boundaries/import-boundaries.test.ts).
// no-restricted-imports takes one option list per file (a later config object replaces an
// earlier one's), so each zone below carries the workspace-wide patterns plus its own.

/** A relative specifier that enters one of `folders` (at any depth of `../`). */
const into = (...folders) => `^\\.{1,2}/(?:\\.\\./)*(?:${folders.join('|')})(?:/|$)`;

/** Everywhere: a package is imported through its entries, never its src/ folder by name. */
const EVERYWHERE = [
  { regex: '^@payments/[^/]+/src(?:/|$)', message: "Import a package through the entries its package.json exports lists, not its src/ folder." },
];

// Embedded Fields has three faces: src/host (the merchant page, with src/index.ts; its public
// types in src/host/public-api.ts), src/secure (gateway-origin code: the frames) and
// src/shared (the protocol and constants both use). Host and secure never import each other;
// shared imports neither, or secure code would reach host code through it.
const EF = 'packages/embedded-fields/src';

// The hosted page reaches Embedded Fields through `@payments/embedded-fields/secure` only.
const HOSTED_PAGE_MAY_IMPORT = ['secure'];

const zone = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns: [...EVERYWHERE, ...patterns] }] },
});

// Browser bundles load one locale's catalog at a time (core's loadMessages/loadedMessages):
// `messages` and `CATALOGS` hold all four, and importing either puts them all in the bundle.
const ONE_CATALOG = [
  {
    name: '@payments/core',
    importNames: ['messages', 'CATALOGS'],
    message: 'Browser code loads one catalog: loadMessages(locale) before rendering, loadedMessages(locale) while rendering.',
  },
];

const importBoundaries = [
  {
    plugins: { boundaries },
    rules: {
      // No exceptions: hostile/ uses @payments/mock-gateway/testing, the Playwright config @payments/e2e/chromium.
      'boundaries/no-relative-package-import': 'error',
      'no-restricted-imports': ['error', { patterns: EVERYWHERE }],
    },
  },
  zone(
    [`${EF}/host/**`, `${EF}/*.ts`],
    [
      { regex: into('secure'), message: 'Merchant-page code (host) must not import gateway-origin code (secure): share it through src/shared.' },
      { regex: '^@payments/embedded-fields/secure$', message: 'Merchant-page code (host) must not import the secure face.' },
    ],
  ),
  zone(
    [`${EF}/secure/**`],
    [
      { regex: into('host'), message: 'Gateway-origin code (secure) must not import merchant-page code (host): share it through src/shared.' },
      { regex: '^@payments/embedded-fields(?:/|$)', message: 'Gateway-origin code imports its own package by relative path, and never the merchant-page face.' },
      {
        regex: '^lit$',
        message: "The frames import lit's templates only ('lit/html.js', 'lit/directives/…'): their forms extend FrameElement, and 'lit' brings LitElement into every card mount (#14).",
      },
    ],
    ONE_CATALOG,
  ),
  zone(
    [`${EF}/shared/**`],
    [{ regex: into('host', 'secure'), message: 'src/shared is what host and secure code both use: it imports neither.' }],
  ),
  zone(
    ['packages/hosted-page/**'],
    [
      {
        regex: `^@payments/embedded-fields(?!/(?:${HOSTED_PAGE_MAY_IMPORT.join('|')})$)(?:/.*)?$`,
        message: 'The hosted page imports Embedded Fields only as @payments/embedded-fields/secure.',
      },
    ],
    ONE_CATALOG,
  ),
  // The hosted page's build shares Embedded Fields' Vite plugins and first-view build (a workspace-only entry).
  zone(['packages/hosted-page/vite.config.ts', 'packages/hosted-page/scripts/**'], [
    {
      regex: `^@payments/embedded-fields(?!/(?:${[...HOSTED_PAGE_MAY_IMPORT, 'build'].join('|')})$)(?:/.*)?$`,
      message: 'The hosted page imports Embedded Fields only as @payments/embedded-fields/secure (its build: /build).',
    },
  ]),
  // Tests may compare against every catalog.
  zone([`${EF}/secure/**/*.test.ts`], [{ regex: into('host'), message: 'Gateway-origin code (secure) must not import merchant-page code (host).' }]),
  // bench/ has its own support; what it shares with e2e is the shared sandbox's topology
  // (Postgres, replicas, HAProxy), which the replicas bench loads and e2e/replicas tests, and
  // the throwaway Postgres under it (the soak on the postgres store), and the browser leak
  // guard's driver, which the leak-guard bench runs longer than its spec.
  zone(['bench/**'], [{ regex: '^@payments/e2e(?!/(?:shared-sandbox|postgres-cluster|leak-lab)$)(?:/|$)', message: 'bench/ has its own support; it does not import the e2e suite (only its shared-sandbox topology, throwaway Postgres and the leak guard\'s driver).' }]),
];

// ---- The mock gateway's modules (docs/architecture/gateway-modules.md; proven by
// scripts/boundaries/import-boundaries.test.ts). Route files (routes/*.ts) are a schema and a thin
// handler: they import no other route file; only the plugins (routes/plugins/) assemble them.
// The domain (payments, sessions, customers, webhooks, sandbox) imports no HTTP layer; a request's
// shape is its schema's type, so it may name routes/schemas/ in an `import type`, never a value.
// store/ imports nothing of the gateway outside store/ (@payments/core is a package).
const GW = 'packages/mock-gateway/src';
const GW_TESTS = [`${GW}/**/*.test.ts`];
const DOMAIN = ['payments', 'sessions', 'customers', 'webhooks', 'sandbox'];

/** A relative specifier that names a route file: routes/<file>, not routes/schemas/ or routes/plugins/. */
const ROUTE_FILE = {
  regex: '^\\.{1,2}/(?:\\.\\./)*routes/(?!schemas/|plugins/)[^/]+$',
  message: 'Only the plugins in routes/plugins/ import a route file: move what you need from it into its domain module.',
};

const gatewayZones = [
  zone([`${GW}/**`], [ROUTE_FILE]),
  zone([`${GW}/routes/*.ts`], [
    { regex: '^\\./(?!schemas/)', message: 'A route file imports no other route file (nor a plugin): share rules through a domain module, authentication through the API plugin\'s hook.' },
  ]),
  zone([`${GW}/routes/schemas/**`], [{ regex: '^\\.\\./(?:plugins/|[^./][^/]*$)', message: 'A schema imports no route file.' }]),
  zone(DOMAIN.map((folder) => `${GW}/${folder}/**`), [
    { regex: into('http', 'cli'), message: 'The domain imports no HTTP layer (http/, dashboard/, cli/): move what it needs out of there.' },
    // The dashboard page's wire types (packages/mock-gateway/dashboard/src/api-types.ts) are a contract, not the HTTP layer.
    { regex: '^\\.{1,2}/(?:\\.\\./)*dashboard(?:/(?!src/api-types$)|$)', message: 'The domain imports no HTTP layer (http/, dashboard/, cli/): move what it needs out of there.' },
    { regex: '^\\.{1,2}/(?:\\.\\./)*routes(?:/(?!schemas/)|$)', message: 'The domain imports no route file: the rule belongs in the domain, the route calls it.' },
    { regex: '^\\.{1,2}/(?:\\.\\./)*routes/schemas/', allowTypeImports: true, message: "The domain names a request's schema type only (import type), never a route's value." },
  ]),
  zone([`${GW}/store/**`], [{ regex: '^\\.\\./', message: 'store/ imports nothing of the gateway outside store/ (it may import @payments/core).' }]),
].map((config) => ({ ...config, ignores: GW_TESTS }));

export default tseslint.config(
  // core's generated/gateway-api.ts: openapi-typescript's output for the gateway's openapi.json (contract/client-types.test.ts keeps it current).
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '.bench/**', '.tsbuild/**', 'docs/.vitepress/cache/**', 'packages/core/src/generated/gateway-api.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Playwright fixtures without dependencies must be written `async ({}, use) => …`.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Use lit templates or textContent.' },
        { property: 'outerHTML', message: 'Use lit templates or textContent.' },
        { property: 'insertAdjacentHTML', message: 'Use lit templates or textContent.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='postMessage'] > Literal[value='*']",
          message: "Pin the target origin; never postMessage to '*'.",
        },
      ],
    },
  },
  ...importBoundaries,
  ...gatewayZones,
  // Functions small enough to read at once.
  { files: [`${GW}/**/*.ts`], ignores: GW_TESTS, rules: { 'max-lines-per-function': ['error', { max: 80 }] } },
);
