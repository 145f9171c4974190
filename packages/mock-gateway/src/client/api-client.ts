/**
 * The one merchant-side client of the gateway: `openapi-fetch` over the types generated from
 * the gateway's own document (gateway-api.ts, `pnpm --filter @payments/mock-gateway openapi`).
 * The CLI, the QA kit's GatewayClient and the tests call the gateway through it, so a route
 * whose schema changes breaks their compilation, not their runtime.
 *
 *   const api = gatewayApi('http://127.0.0.1:4010', { credential: bearerToken(...) });
 *   const { data, error } = await api.POST('/api/customers', { body: { email: 'a@example.com' } });
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './gateway-api';

export type { components, paths } from './gateway-api';
export type GatewayApi = Client<paths>;
export type Schemas = components['schemas'];

/** Who is calling: a merchant backend (a bearer token), a browser (the client key), or nobody (test routes). */
export type Credential = { bearer: () => Promise<string> } | { clientKey: string } | null;

export interface GatewayApiOptions {
  credential?: Credential;
  /** The User-Agent (the edge refuses requests without one). */
  userAgent?: string;
  fetch?: typeof fetch;
}

export function gatewayApi(baseUrl: string, options: GatewayApiOptions = {}): GatewayApi {
  const api = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  api.use(sendAs(options.userAgent ?? 'payments-gateway-client', options.credential ?? null));
  return api;
}

function sendAs(userAgent: string, credential: Credential): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set('user-agent', userAgent);
      request.headers.set('accept', 'application/json');
      if (credential && 'bearer' in credential) request.headers.set('authorization', `Bearer ${await credential.bearer()}`);
      if (credential && 'clientKey' in credential) request.headers.set('x-client-key', credential.clientKey);
      return request;
    },
  };
}

/** The token endpoint's form body (application/x-www-form-urlencoded). */
export const formBody = (body: Record<string, string | undefined>): string =>
  new URLSearchParams(Object.entries(body).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();

/** A client-credentials token of `clientId`, from POST /oauth/token. */
export async function requestAccessToken(
  baseUrl: string,
  client: { clientId: string; clientSecret: string },
  options: Omit<GatewayApiOptions, 'credential'> = {},
) {
  const api = gatewayApi(baseUrl, options);
  return api.POST('/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    bodySerializer: formBody,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}
