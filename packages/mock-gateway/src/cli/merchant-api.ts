/**
 * The gateway as a merchant reaches it over HTTP, for the command line (`mock-gateway
 * trigger`): a bearer token from the client credentials, the public client key for what a
 * shopper's browser sends, card fields encrypted with the merchant's published key, and the
 * test routes (/__mock/*), all through the generated client (client/api-client.ts) that the
 * QA kit's GatewayClient also wraps.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { EncryptionKey } from '@payments/core';
import { gatewayApi, requestAccessToken, type GatewayApi } from '../client/api-client';

export interface MerchantCredentials {
  clientId: string;
  clientSecret: string;
  /** The public client key (X-Client-Key), for the calls a shopper's browser makes. */
  clientKey: string;
}

/** A call the gateway answered with something other than 2xx, or could not be made. */
export class GatewayCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST';

const USER_AGENT = 'mock-gateway-cli';

export class MerchantApi {
  private token: Promise<string> | undefined;
  private key: Promise<EncryptionKey> | undefined;
  private readonly clients: Record<'merchant' | 'browser' | 'testRoute', GatewayApi>;

  constructor(
    readonly gatewayUrl: string,
    readonly credentials: MerchantCredentials,
  ) {
    const options = { userAgent: USER_AGENT, fetch: (input: string | URL | Request, init?: RequestInit) => this.fetch(input, init) };
    this.clients = {
      merchant: gatewayApi(gatewayUrl, { ...options, credential: { bearer: () => this.accessToken() } }),
      browser: gatewayApi(gatewayUrl, { ...options, credential: { clientKey: credentials.clientKey } }),
      testRoute: gatewayApi(gatewayUrl, options),
    };
  }

  /** A merchant backend's call (Authorization: Bearer). */
  async merchant<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.call<T>(this.clients.merchant, method, path, body);
  }

  /** What the shopper's browser (the Embedded Fields frame) sends, with the client key. */
  async browser<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.call<T>(this.clients.browser, method, path, body);
  }

  /** A test route (/__mock/*): no credentials. */
  async testRoute<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.call<T>(this.clients.testRoute, method, path, body);
  }

  /** One card field, RSA-OAEP-256 with the merchant's key, Base64: what the card frame sends. */
  async encrypt(value: string): Promise<string> {
    this.key ??= this.merchant<EncryptionKey>('GET', '/api/encryption-key');
    const { public_key: publicKey } = await this.key;
    return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value, 'utf8')).toString('base64');
  }

  /** A call on a path the caller builds (the trigger recipes), through the generated client. */
  private async call<T>(api: GatewayApi, method: Method, path: string, body?: unknown): Promise<T> {
    const init = { parseAs: 'text', ...(body !== undefined ? { body } : {}) } as const;
    const { data, error, response } = await api.request(method.toLowerCase() as 'get', path as '/health', init as never);
    return (await answer(response.status, typeof data === 'string' ? data : error, `${method} ${path}`)) as T;
  }

  private accessToken(): Promise<string> {
    // One token per command: a command runs for seconds, far less than a token lives.
    this.token ??= (async () => {
      const { clientId, clientSecret } = this.credentials;
      const { data, error, response } = await requestAccessToken(this.gatewayUrl, { clientId, clientSecret }, { userAgent: USER_AGENT, fetch: (input: string | URL | Request, init?: RequestInit) => this.fetch(input, init) });
      if (response.status === 401) throw new GatewayCallError(`the gateway refused client id "${clientId}" and its secret`, 401, error);
      if (!data) return (await answer(response.status, error, 'POST /oauth/token')) as never;
      return data.access_token;
    })();
    return this.token;
  }

  private async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    try {
      return await fetch(input, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new GatewayCallError(`no gateway answered at ${this.gatewayUrl} (${reason}); start one with mock-gateway`, null);
    }
  }
}

function answer(status: number, answered: unknown, what: string): unknown {
  let body: unknown = answered ?? null;
  if (typeof answered === 'string') {
    try {
      body = answered ? JSON.parse(answered) : null;
    } catch {
      // not JSON: keep the text for the message
    }
  }
  if (status < 200 || status >= 300) throw new GatewayCallError(`${what} answered HTTP ${status}${describeErrors(body)}`, status, body);
  return body;
}

/** The spec's error body, in a line: "reference: is too long; amount: …". */
function describeErrors(body: unknown): string {
  const errors = (body as { errors?: { property?: string; message?: string }[] } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) return `: ${errors.map((e) => `${e.property ?? ''}: ${e.message ?? ''}`).join('; ')}`;
  const error = (body as { error_description?: string; error?: string } | null)?.error_description ?? (body as { error?: string } | null)?.error;
  return typeof error === 'string' ? `: ${error}` : '';
}
