/**
 * The documentation site: `pnpm run docs` serves it (a bare `pnpm docs` is pnpm's own
 * command), `pnpm docs:build` builds it into
 * docs/.vitepress/dist with VitePress's dead-link check on (a link to a page that does not
 * exist fails the build). One start page per reader, each one click from the root README.
 */
import { defineConfig, type DefaultTheme } from 'vitepress';

const merchants: DefaultTheme.SidebarItem[] = [
  {
    text: 'Merchants',
    items: [
      { text: 'Quick start', link: '/merchants/' },
      { text: 'React', link: '/merchants/react' },
      { text: 'The card component, in full', link: '/merchants/embedded-fields' },
      { text: 'Split fields, update(), accessible names', link: '/merchants/split-fields' },
      { text: 'Co-badged cards', link: '/merchants/co-badged-cards' },
      { text: 'Theme, translations, environment', link: '/merchants/theming-and-translations' },
      { text: 'Saved cards and other methods', link: '/merchants/saved-cards-and-methods' },
      { text: 'Errors and their codes', link: '/merchants/errors' },
      { text: 'CSP and SRI', link: '/merchants/csp-and-sri' },
      { text: 'The hosted payment page', link: '/merchants/hosted-page' },
      { text: 'Going live', link: '/merchants/going-live' },
    ],
  },
];

const qa: DefaultTheme.SidebarItem[] = [
  {
    text: 'QA',
    items: [
      { text: 'Testing a checkout', link: '/qa/' },
      { text: 'Test cards and scenarios', link: '/qa/test-cards' },
      { text: 'The QA kit, in full', link: '/qa/kit-reference' },
    ],
  },
];

const teams: DefaultTheme.SidebarItem[] = [
  {
    text: 'Teams',
    items: [
      { text: 'Running the sandbox', link: '/teams/' },
      { text: 'A sandbox that lasts', link: '/teams/sandbox-data' },
      { text: 'A shared sandbox', link: '/teams/shared-sandbox' },
      { text: 'Dashboard and CLI', link: '/teams/dashboard' },
      { text: 'The clock, faults, test routes', link: '/teams/clock-and-faults' },
      { text: 'Database outages, full disk, restarts', link: '/teams/faults-and-restarts' },
    ],
  },
];

const gatewayApi: DefaultTheme.SidebarItem[] = [
  {
    text: 'Gateway API',
    items: [
      { text: 'The API in one page', link: '/gateway-api/' },
      { text: 'The contract: OpenAPI, /docs, a typed client', link: '/gateway-api/reference' },
      { text: "The mock's own endpoints", link: '/gateway-api/endpoints' },
      { text: 'The test fixture', link: '/gateway-api/fixture' },
    ],
  },
];

const decisions: DefaultTheme.SidebarItem[] = [
  {
    text: 'Decisions',
    items: [
      { text: 'Where the spec says "not shown"', link: '/decisions/' },
      { text: 'Auth and errors', link: '/decisions/auth-and-errors' },
      { text: 'Cards and 3-D Secure', link: '/decisions/cards-and-3-d-secure' },
      { text: "Embedded Fields' environment", link: '/decisions/embedded-fields-environment' },
      { text: 'Sessions and idempotency', link: '/decisions/sessions-and-idempotency' },
      { text: 'Payments, payouts, manage', link: '/decisions/payments-payouts-manage' },
      { text: 'Webhooks', link: '/decisions/webhooks' },
    ],
  },
];

const architecture: DefaultTheme.SidebarItem[] = [
  {
    text: 'Architecture',
    items: [
      { text: 'Packages and their boundaries', link: '/architecture/' },
      { text: 'Packages and releases', link: '/architecture/packages-and-releases' },
      { text: 'The two commands, in full', link: '/architecture/workspace' },
      { text: 'Inside Embedded Fields', link: '/architecture/embedded-fields' },
      { text: 'Inside the hosted page', link: '/architecture/hosted-page' },
      { text: 'Inside the mock gateway', link: '/architecture/mock-gateway' },
      { text: 'The hostile suite', link: '/architecture/hostile-suite' },
    ],
  },
  { text: 'Performance', items: [{ text: 'Figures, method, targets', link: '/performance/' }, { text: 'The browser leak guard', link: '/performance/leak-guard' }] },
];

const reference: DefaultTheme.SidebarItem[] = [
  {
    text: 'API reference',
    items: [
      { text: 'Overview', link: '/reference/' },
      { text: '@payments/embedded-fields', link: '/reference/embedded-fields/' },
      { text: '@payments/react', link: '/reference/react/' },
      { text: '@payments/testing', link: '/reference/testing/' },
      { text: '@payments/mock-gateway', link: '/reference/mock-gateway/' },
      { text: '@payments/core', link: '/reference/core/' },
      { text: '@payments/hosted-page', link: '/reference/hosted-page/' },
    ],
  },
];

export default defineConfig({
  title: 'Payments front end',
  description: 'Embedded Fields, the hosted payment page, the mock gateway, the QA kit and React bindings.',
  lang: 'en-US',
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
  // The quick start's files are shown through <<< imports and the generated tables through
  // <!--@include-->, not as pages of their own; the screens are the repo's
  // captured PNGs with their own index, not pages of the site.
  srcExclude: ['snippets/**', 'screens/**', 'generated/**', '**/node_modules/**'],
  // Every link to a page of the site is checked; only http://localhost… addresses (the demo,
  // the sandbox on your machine) cannot be.
  ignoreDeadLinks: 'localhostLinks',
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Merchants', link: '/merchants/', activeMatch: '^/merchants/' },
      { text: 'QA', link: '/qa/', activeMatch: '^/qa/' },
      { text: 'Teams', link: '/teams/', activeMatch: '^/teams/' },
      { text: 'Gateway API', link: '/gateway-api/', activeMatch: '^/gateway-api/' },
      { text: 'Decisions', link: '/decisions/', activeMatch: '^/decisions/' },
      { text: 'Architecture', link: '/architecture/', activeMatch: '^/(architecture|performance)/' },
      { text: 'Reference', link: '/reference/', activeMatch: '^/reference/' },
    ],
    sidebar: {
      '/merchants/': merchants,
      '/qa/': qa,
      '/teams/': teams,
      '/gateway-api/': gatewayApi,
      '/decisions/': decisions,
      '/architecture/': architecture,
      '/performance/': architecture,
      '/reference/': reference,
    },
    outline: [2, 3],
    search: { provider: 'local' },
  },
});
