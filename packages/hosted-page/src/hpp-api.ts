/**
 * The page's calls to the gateway: same origin, the merchant's public client key, scoped to
 * the session. Every call goes through the card frame's own client (`createGatewayApi`), so
 * both checkouts call the gateway alike; a failure is a
 * GatewayCallError carrying the spec's error body (and its processing code).
 */
import type { StatusResponse } from '@payments/core';
import { createGatewayApi, GatewayCallError, type GatewayApi } from '@payments/embedded-fields/secure';
import type { SavedCardSummary, SessionView } from './checkout-model';

export { GatewayCallError };

export interface HppApi {
  readonly gateway: GatewayApi;
  session(): Promise<SessionView>;
  savedCards(): Promise<SavedCardSummary[]>;
  status(transactionId: string): Promise<StatusResponse>;
}

export function createHppApi(clientKey: string, sessionId: string): HppApi {
  const gateway = createGatewayApi(clientKey);
  const id = encodeURIComponent(sessionId);
  return {
    gateway,
    session: () => gateway.get<SessionView>(`/api/sessions/${id}`),
    savedCards: async () => (await gateway.get<{ saved_cards: SavedCardSummary[] }>(`/api/sessions/${id}/saved-cards`)).saved_cards,
    status: (transactionId) => gateway.get<StatusResponse>(`/api/transactions/${encodeURIComponent(transactionId)}/status`),
  };
}
