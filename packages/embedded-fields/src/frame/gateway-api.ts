/**
 * The frame's calls to the gateway: same origin, authenticated by the public client key,
 * scoped to the session. A failure becomes a GatewayCallError with the spec's error body.
 */
import type { ApiErrorBody, EncryptionKey, ExecutionResponse } from '@payments/core';

export class GatewayCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | null,
  ) {
    super(`gateway answered ${status}`);
  }
  /** The spec's processing code or named code, when the body carries one. */
  get code(): string | undefined {
    return this.body?.code;
  }
}

export interface GatewayApi {
  encryptionKey(): Promise<EncryptionKey>;
  post(path: string, body: unknown): Promise<ExecutionResponse>;
}

export function createGatewayApi(clientKey: string): GatewayApi {
  const headers = { 'x-client-key': clientKey, accept: 'application/json' };
  let key: Promise<EncryptionKey> | undefined;
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(path, { ...init, credentials: 'omit', headers: { ...headers, ...init.headers } });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // an edge 403 or a proxy page: keep null
    }
    if (!response.ok) throw new GatewayCallError(response.status, body as Partial<ApiErrorBody> | null);
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
    post(path, body) {
      return call<ExecutionResponse>(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
      });
    },
  };
}
