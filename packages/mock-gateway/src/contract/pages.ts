/**
 * What the gateway serves besides its API, so that no answer it gives lies outside its
 * document: the pages a browser opens (hosted page, frames, 3-D Secure notifications, the
 * dashboard and /docs), the files they load, the dashboard's own JSON API and the document
 * itself. Described by what a client can rely on (the content type and the error bodies),
 * not field by field: they are not a merchant's API and may change with the pages.
 */
import { ref } from './components';

type Responses = Record<string, unknown>;
interface Page {
  operationId: string;
  summary: string;
  tags: string[];
  security: never[];
  params?: Record<string, unknown>;
  response: Responses;
}

export const PAGE_TAGS = [
  { name: 'Pages', description: 'HTML documents for browsers: the hosted page, the card frames, the 3-D Secure notification pages, the dashboard and this reference.' },
  { name: 'Files', description: 'Scripts and assets the pages load, and the versioned Embedded Fields URLs.' },
  { name: 'Dashboard', description: "The dashboard's own JSON API (its session cookie): what the dashboard page shows. Not a merchant's contract: its bodies may change with the page." },
  { name: 'Contract', description: 'This document.' },
];

const json = (schema: unknown) => ({ 'application/json': { schema } });
const html = { 'text/html': { schema: { type: 'string' } } };
const edge = { 'text/plain': { schema: { type: 'string', maxLength: 0 } } };
const errors = json({ anyOf: [ref('ErrorBody'), ref('AuthErrorBody'), ref('FileErrorBody')] });

/** A request it cannot take (bad JSON, too large, a wrong type, no User-Agent, a missing session…). */
const refused = (also: Record<string, unknown> = {}) => ({ description: 'Refused or not found.', content: { ...errors, ...edge, ...also } });
const unavailable = (also: Record<string, unknown> = {}) => ({ description: 'A bundle not built yet, or the store does not answer.', content: { ...errors, ...also } });

const page = (description: string): Responses => ({
  200: { description, content: html },
  '3xx': { description: 'A redirect (Location).', type: 'null' },
  '4xx': refused(html),
  500: { description: 'An injected fault (`/__mock/faults`).', content: errors },
  503: unavailable(html),
});
const file = (description: string, media = '*/*'): Responses => ({
  200: { description, content: { [media]: { schema: { type: media === 'application/json' ? 'object' : 'string' } } } },
  304: { description: 'Not modified (If-None-Match).', type: 'null' },
  '4xx': refused(),
  500: { description: 'An injected fault (`/__mock/faults`).', content: errors },
  503: unavailable(),
});
/** GET /dashboard/api/me for nobody signed in (and not on loopback): the page shows the sign-in form. */
const signInRequired = {
  type: 'object',
  required: ['signed_in', 'sign_in_required'],
  properties: { signed_in: { const: false }, sign_in_required: { const: true } },
};
const dashboard = (description: string): Responses => ({
  '2xx': { description, content: json({ type: 'object', description: "The dashboard's own shape." }) },
  '4xx': { description: 'Refused (not signed in, a cross-site request), not found or invalid.', content: { ...json({ anyOf: [ref('ErrorBody'), ref('AuthErrorBody'), signInRequired] }), ...edge } },
  500: { description: 'An injected fault (`/__mock/faults`).', content: errors },
  503: unavailable(),
});

const param = (name: string) => ({ type: 'object', required: [name], properties: { [name]: { type: 'string' } } });
const entry = (operationId: string, tag: string, summary: string, response: Responses, name?: string): Page => ({
  operationId,
  summary,
  tags: [tag],
  security: [],
  response,
  ...(name ? { params: param(name) } : {}),
});

/** Keyed by method and route as Fastify registers it (a `*` wildcard is written `:file`). */
export const PAGES: Record<string, Page> = {
  'GET /openapi.json': entry('getOpenApiJson', 'Contract', 'This document (JSON)', { 200: { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) }, '4xx': refused() }),
  'GET /openapi.yaml': entry('getOpenApiYaml', 'Contract', 'This document (YAML)', {
    200: { description: 'OpenAPI 3.1.', content: { 'application/yaml': { schema: { type: 'string' } } } },
    '4xx': refused(),
  }),
  'GET /docs': entry('getApiReference', 'Pages', 'This reference, readable (Scalar)', page('The API reference page.')),
  'GET /docs/assets/:file': entry('getApiReferenceFile', 'Files', "The reference page's scripts", file('A script.', 'text/javascript'), 'file'),
  'GET /hpp/:sessionId': entry('getHostedPage', 'Pages', 'The hosted payment page of a session', page('The hosted payment page.'), 'sessionId'),
  'GET /hpp/:sessionId/return': entry('getHostedPageReturn', 'Pages', 'Where the hosted page returns after a redirect payment', page('The result page.'), 'sessionId'),
  'GET /hpp/:sessionId/cancel': entry('getHostedPageCancel', 'Pages', 'The shopper cancels on the hosted page', page('The cancel page.'), 'sessionId'),
  'GET /hpp/assets/:file': entry('getHostedPageFile', 'Files', "The hosted page's scripts and styles", file('A file.'), 'file'),
  'GET /frames/card': entry('getCardFrame', 'Pages', 'The card frame Embedded Fields mounts', page('The frame document.')),
  'GET /frames/apm': entry('getApmFrame', 'Pages', 'The alternative payment method frame', page('The frame document.')),
  'GET /frames/preload': entry('getPreloadFrame', 'Pages', 'The frame that warms the card frame up', page('The frame document.')),
  'GET /frames/blank': entry('getBlankFrame', 'Pages', "An empty frame of the gateway's origin (`--blank-frame`, the bench)", page('An empty document.')),
  'GET /frames/assets/:file': entry('getFrameFile', 'Files', "The frames' scripts and styles", file('A file.'), 'file'),
  'GET /sri.json': entry('getScriptRelease', 'Files', 'The version, versioned URLs and SRI hashes of embedded-fields.js', file('The release.', 'application/json')),
  'GET /assets/:file': entry('getAsset', 'Files', "The fixture's assets", file('A file.'), 'file'),
  'GET /:version/embedded-fields.js': entry('getVersionedScript', 'Files', 'embedded-fields.js at a pinned version (`v1`, `v1.2.3`)', file('The script.', 'text/javascript'), 'version'),
  'GET /:version/embedded-fields-actions.js': entry('getVersionedActionsScript', 'Files', "The script's 3-D Secure and redirect part, at its exact version", file('The script.', 'text/javascript'), 'version'),
  'GET /:version/embedded-fields-connect.js': entry('getVersionedConnectScript', 'Files', "The script's frame connection part, at its exact version", file('The script.', 'text/javascript'), 'version'),
  'GET /acs/redirect/:id': entry('getRedirectPage', 'Pages', 'The gateway side of a redirect payment', page('A page.'), 'id'),
  'POST /acs/redirect/:id': entry('postRedirectPage', 'Pages', 'The gateway side of a redirect payment (form post)', page('A page.'), 'id'),
  'POST /acs/form-submit': entry('postFormSubmitPage', 'Pages', 'The gateway side of a form-submit payment', page('A page.')),
  'POST /three-ds/:id/method-notification': entry('postMethodNotification', 'Pages', 'The 3-D Secure method notification (from the ACS)', page('A page.'), 'id'),
  'POST /three-ds/:id/challenge-notification-url': entry('postChallengeNotification', 'Pages', 'The challenge result (from the ACS)', page('A page.'), 'id'),
  'POST /three-ds/:id/embedded-fields/challenge-notification-url': entry('postEmbeddedChallengeNotification', 'Pages', "The challenge result, Embedded Fields' frame", page('A page.'), 'id'),
  'POST /three-ds/:id/hosted-payment-page/challenge-notification-url': entry('postHostedChallengeNotification', 'Pages', "The challenge result, the hosted page's frame", page('A page.'), 'id'),
  'GET /dashboard': entry('getDashboard', 'Pages', 'The dashboard', page('The dashboard page.')),
  'GET /dashboard/': entry('getDashboardSlash', 'Pages', 'The dashboard', page('The dashboard page.')),
  'GET /dashboard/assets/:file': entry('getDashboardFile', 'Files', "The dashboard's scripts and styles", file('A file.'), 'file'),
  'GET /dashboard/api/me': entry('getDashboardViewer', 'Dashboard', 'Who is looking', dashboard('The viewer.')),
  'POST /dashboard/api/sign-in': entry('dashboardSignIn', 'Dashboard', 'Sign in with a client id and secret', dashboard('Signed in (a session cookie).')),
  'POST /dashboard/api/sign-out': entry('dashboardSignOut', 'Dashboard', 'Sign out', dashboard('Signed out.')),
  'GET /dashboard/api/sessions': entry('listDashboardSessions', 'Dashboard', 'Sessions', dashboard('A page of sessions.')),
  'GET /dashboard/api/transactions': entry('listDashboardTransactions', 'Dashboard', 'Transactions', dashboard('A page of transactions.')),
  'GET /dashboard/api/transactions/:id': entry('getDashboardTransaction', 'Dashboard', 'A transaction and its timeline', dashboard('The transaction.'), 'id'),
  'POST /dashboard/api/transactions/:id/settle': entry('settleDashboardTransaction', 'Dashboard', 'Settle a pending transaction', dashboard('Settled.'), 'id'),
  'GET /dashboard/api/customers': entry('listDashboardCustomers', 'Dashboard', 'Customers', dashboard('A page of customers.')),
  'POST /dashboard/api/clock': entry('advanceDashboardClock', 'Dashboard', "Move the sandbox's clock", dashboard('The clock.')),
  'GET /dashboard/api/deliveries': entry('listDashboardDeliveries', 'Dashboard', 'Webhook deliveries', dashboard('A page of deliveries.')),
  'GET /dashboard/api/deliveries/:id': entry('getDashboardDelivery', 'Dashboard', 'A delivery and its attempts', dashboard('The delivery.'), 'id'),
  'POST /dashboard/api/deliveries/:id/resend': entry('resendDashboardDelivery', 'Dashboard', 'Send a delivery again', dashboard('Resent.'), 'id'),
  'GET /dashboard/api/live': entry('getDashboardLive', 'Dashboard', 'Live updates (server-sent events)', {
    ...dashboard('Events.'),
    200: { description: 'Server-sent events.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
  }),
  'POST /dashboard/api/faults': entry('addDashboardFault', 'Dashboard', 'Add a fault rule', dashboard('The rules.')),
  'POST /dashboard/api/faults/clear': entry('clearDashboardFaults', 'Dashboard', 'Remove every fault rule', dashboard('No rules.')),
  'POST /dashboard/api/reset': entry('resetDashboardSandbox', 'Dashboard', 'Forget every record', dashboard('Reset.')),
};

/** The page entry of a route, if it has one. */
export function pageInfo(method: string, url: string): Page | undefined {
  return PAGES[`${method} ${url.replace(/\*$/, ':file')}`];
}
