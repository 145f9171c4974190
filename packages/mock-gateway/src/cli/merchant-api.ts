/**
 * The gateway as a merchant reaches it over HTTP, for the command line (`mock-gateway
 * trigger`): a bearer token from the client credentials, the public client key for what a
 * shopper's browser sends, card fields encrypted with the merchant's published key, and the
 * test routes (/__mock/*). The QA kit's GatewayClient does the same for test suites, but
 * that package depends on this one, so the published CLI cannot use it.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { EncryptionKey } from '@payments/core';

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
type Caller = 'merchant' | 'browser' | 'test-route';

const USER_AGENT = 'mock-gateway-cli';

export class MerchantApi {
  private token: Promise<string> | undefined;
  private key: Promise<EncryptionKey> | undefined;

  constructor(
    readonly gatewayUrl: string,
    readonly credentials: MerchantCredentials,
  ) {}

  /** A merchant backend's call (Authorization: Bearer). */
  async merchant<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.call<T>('merchant', method, path, body);
  }

  /** What the shopper's browser (the Embedded Fields frame) sends, with the client key. */
  async browser<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.call<T>('browser', method, path, body);
  }

  /** A test route (/__mock/*): no credentials. */
  async testRoute<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.call<T>('test-route', method, path, body);
  }

  /** One card field, RSA-OAEP-256 with the merchant's key, Base64: what the card frame sends. */
  async encrypt(value: string): Promise<string> {
    this.key ??= this.merchant<EncryptionKey>('GET', '/api/encryption-key');
    const { public_key: publicKey } = await this.key;
    return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value, 'utf8')).toString('base64');
  }

  private async call<T>(caller: Caller, method: Method, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
    if (caller === 'merchant') headers.authorization = `Bearer ${await this.accessToken()}`;
    if (caller === 'browser') headers['x-client-key'] = this.credentials.clientKey;
    if (body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
    const response = await this.fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return (await answer(response, `${method} ${path}`)) as T;
  }

  private accessToken(): Promise<string> {
    // One token per command: a command runs for seconds, far less than a token lives.
    this.token ??= (async () => {
      const response = await this.fetch('/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: this.credentials.clientId, client_secret: this.credentials.clientSecret }).toString(),
      });
      if (response.status === 401) {
        throw new GatewayCallError(`the gateway refused client id "${this.credentials.clientId}" and its secret`, 401, await response.text());
      }
      const token = (await answer(response, 'POST /oauth/token')) as { access_token: string };
      return token.access_token;
    })();
    return this.token;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.gatewayUrl), { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new GatewayCallError(`no gateway answered at ${this.gatewayUrl} (${reason}); start one with mock-gateway`, null);
    }
  }
}

async function answer(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the message
  }
  if (!response.ok) {
    throw new GatewayCallError(`${what} answered HTTP ${response.status}${describeErrors(body)}`, response.status, body);
  }
  return body;
}

/** The spec's error body, in a line: "reference: is too long; amount: …". */
function describeErrors(body: unknown): string {
  const errors = (body as { errors?: { property?: string; message?: string }[] } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) return `: ${errors.map((e) => `${e.property ?? ''}: ${e.message ?? ''}`).join('; ')}`;
  const error = (body as { error_description?: string; error?: string } | null)?.error_description ?? (body as { error?: string } | null)?.error;
  return typeof error === 'string' ? `: ${error}` : '';
}
