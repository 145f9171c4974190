/**
 * The frames' (and the hosted page's) calls to the gateway: same origin, authenticated by
 * the public client key, scoped to the session. Every failure is a GatewayCallError: an
 * error status with the spec's error body, or a success status whose body is not a JSON
 * object (a proxy's page, a truncated answer), which must never reach the payment code as
 * if it were a response.
 */
import type { ApiErrorBody, EncryptionKey, ExecutionResponse } from '@payments/core';

export class GatewayCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | null,
    /** A 2xx whose body was not a JSON object. */
    readonly malformed = false,
  ) {
    super(malformed ? `gateway answered ${status} with a body that is not JSON` : `gateway answered ${status}`);
  }
  /** The spec's processing code or named code, when the body carries one. */
  get code(): string | undefined {
    return this.body?.code;
  }
}

export interface GatewayApi {
  encryptionKey(): Promise<EncryptionKey>;
  get<T extends object>(path: string): Promise<T>;
  post(path: string, body: unknown): Promise<ExecutionResponse>;
}

export function createGatewayApi(clientKey: string): GatewayApi {
  const headers = { 'x-client-key': clientKey, accept: 'application/json' };
  let key: Promise<EncryptionKey> | undefined;
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(path, { ...init, credentials: 'omit', headers: { ...headers, ...init.headers } });
    const body = parseObject(await response.text());
    if (!response.ok) throw new GatewayCallError(response.status, body as Partial<ApiErrorBody> | null);
    if (body === null) throw new GatewayCallError(response.status, null, true);
    return body as T;
  };
  return {
    encryptionKey() {
      key ??= call<EncryptionKey>('/api/encryption-key').catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
    get: (path) => call(path),
    post(path, body) {
      return call<ExecutionResponse>(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
      });
    },
  };
}

/** The body as a JSON object, or null (empty, not JSON, or JSON that is not an object). */
function parseObject(text: string): object | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
