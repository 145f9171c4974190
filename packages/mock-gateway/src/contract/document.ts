/**
 * The gateway's OpenAPI 3.1 description, built by @fastify/swagger from the routes' own
 * schemas (nothing here repeats a route's fields): the API, the browser's routes, the test
 * routes under their own tag, the health checks, and what else a running gateway answers (the
 * pages, files and dashboard API of pages.ts), so a validating proxy finds every answer in it.
 * A path or method it does not list is answered with one of `components.responses` NotFound,
 * UnreadableUrl, UriTooLong or EdgeRefused, and nothing else. Served at GET /openapi.json and /openapi.yaml, committed as
 * packages/mock-gateway/openapi.json (contract/document.test.ts checks they agree).
 */
import swagger, { type SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import type { GatewayContext } from '../context';
import { COMPONENTS } from './components';
import { authorizeExamples, TOKEN_EXAMPLE } from './examples';
import { UNAVAILABLE_DESCRIPTION } from './responses';
import { SECURITY_SCHEMES, TAGS, operationInfo } from './operations';
import { PAGE_TAGS, pageInfo } from './pages';
import { WEBHOOK_COMPONENTS, WEBHOOKS } from './webhooks';

/** Paths that are API: everything else (pages, frames, assets, the dashboard) is left out. */
const DOCUMENTED = /^\/(api\/|oauth\/|__mock\/|health|\.well-known\/|embedded-fields\.js$)/;

export function registerContract(app: FastifyInstance, ctx: GatewayContext): void {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mock payment gateway',
        version: '1.0.0',
        description:
          'The sandbox of the payment gateway spec: the merchant API, the browser routes of Embedded Fields and the hosted page, and the test routes. Amounts are integers in minor units. Every request needs a User-Agent header (the edge answers 403 with an empty body without one). A path or a method this document does not list answers 404 in the error body (`#/components/responses/NotFound`), or 400, 403 or 414 when the URL itself cannot be taken; nothing else.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: ctx.urls.gateway, description: 'This sandbox' }],
      tags: [...TAGS, ...PAGE_TAGS],
      components: { securitySchemes: SECURITY_SCHEMES },
      webhooks: WEBHOOKS as never,
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      if (!DOCUMENTED.test(url)) {
        const page = pageInfo(method, url);
        if (!page) return { schema: { ...schema, hide: true }, url };
        const { params, ...info } = page;
        return { schema: { ...info, ...(params ? { params } : {}) } as never, url: url.replace(/\*$/, ':file') };
      }
      return { schema: { ...documentedParams(schema, url), ...operationInfo(method, url) }, url: documentedPath(url) };
    },
  };
  app.register(swagger, options);
}

/** GET /openapi.json and /openapi.yaml: registered with the routes, once @fastify/swagger records them. */
export function registerDocumentRoutes(app: FastifyInstance, ctx: GatewayContext): void {
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    return openApiDocument(app, ctx);
  });
  app.get('/openapi.yaml', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*').type('application/yaml; charset=utf-8');
    return stringify(openApiDocument(app, ctx));
  });
}

/**
 * The shared schemas the routes refer to (`ref('Transaction')`), on an app that serves them.
 * Response schemas describe the answers; they must not reshape them: a schema-driven
 * serializer would drop or coerce fields a route sends, so answers are plain JSON.stringify.
 */
export function registerComponents(app: FastifyInstance): void {
  for (const [name, schema] of Object.entries({ ...COMPONENTS, ...WEBHOOK_COMPONENTS })) app.addSchema({ $id: name, title: name, ...schema });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/**
 * A route's path as the document writes it: the spec names the 3-D Secure id
 * `threeDsServerTransId`; the route keeps `:id`, the name fault rules are written with (README).
 */
export function documentedPath(url: string): string {
  return url.replace('/three-ds/:id/', '/three-ds/:threeDsServerTransId/');
}

/** The answer of every store-backed route when the store does not answer: one component. */
const UNAVAILABLE = {
  description: 'The store does not answer (the database is unreachable); nothing was done. Retry after `Retry-After` seconds.',
  headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * The answer to a path or a method this document does not list: nothing else answers there
 * (a validating proxy holds the gateway to that too).
 */
const ERROR_BODY = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
export const UNLISTED_RESPONSES = {
  NotFound: { description: 'A path or a method this document does not list: 404, in the error body.', content: ERROR_BODY },
  UnreadableUrl: { description: 'A URL the gateway cannot read (bad percent-encoding): 400, in the error body.', content: ERROR_BODY },
  UriTooLong: { description: 'A path segment over 512 characters: 414, in the error body.', content: ERROR_BODY },
  EdgeRefused: {
    description: 'The edge refused the request before routing it (no User-Agent, `..` in the path): 403, empty.',
    content: { 'text/plain': { schema: { type: 'string', maxLength: 0 } } },
  },
};

interface Document extends Record<string, unknown> {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: Record<string, unknown>;
}

interface Operation {
  requestBody?: { content: Record<string, { examples?: unknown }> };
}

/** Examples from the test cards (examples.ts) on the requests they belong to. */
function addExamples(document: Document): void {
  const body = (path: string, media: string) => (document.paths[path]?.post as Operation | undefined)?.requestBody?.content[media];
  const authorize = body('/api/transactions/authorize', 'application/json');
  if (authorize) authorize.examples = authorizeExamples();
  const token = body('/oauth/token', 'application/x-www-form-urlencoded');
  if (token) token.examples = { 'test-client': { summary: "The sandbox's test client", value: TOKEN_EXAMPLE } };
}

/**
 * The route's schema as the document shows it: `documentedBody` when the route checks its body
 * itself (authorize), the path parameter named as documentedPath names it.
 */
function documentedParams<T extends { params?: unknown; documentedBody?: unknown }>(routeSchema: T, url: string): T {
  const { documentedBody, ...rest } = routeSchema;
  const schema = (documentedBody === undefined ? routeSchema : { ...rest, body: documentedBody }) as T;
  if (documentedPath(url) === url) return schema;
  return {
    ...schema,
    params: {
      type: 'object',
      required: ['threeDsServerTransId'],
      properties: { threeDsServerTransId: { type: 'string', description: 'The 3-D Secure server transaction id of the fingerprint action.' } },
    },
  };
}

/** The document as the gateway serves it: its servers are where this gateway is reached. */
export function openApiDocument(app: FastifyInstance, ctx: GatewayContext): Record<string, unknown> {
  const document = structuredClone(app.swagger()) as unknown as Document;
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const operation of Object.values(operations)) {
      // The router refuses a path parameter over 512 characters before any route runs.
      if (path.includes('{')) operation.responses['414'] = { $ref: '#/components/responses/UriTooLong' };
      const unavailable = operation.responses['503'] as { description?: string } | undefined;
      if (unavailable?.description === UNAVAILABLE_DESCRIPTION) operation.responses['503'] = { $ref: '#/components/responses/Unavailable' };
    }
  }
  document.components = { ...document.components, responses: { Unavailable: UNAVAILABLE, ...UNLISTED_RESPONSES } };
  addExamples(document);
  return { ...document, servers: [{ url: ctx.urls.gateway, description: 'This sandbox' }] };
}
