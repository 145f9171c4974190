/**
 * The alternative methods the gateway offers for this session: GET
 * /api/sessions/{id}/payment-methods, same origin, with the public client key. A failure is
 * a GatewayCallError, worded by payment-errors.ts like any other gateway call.
 */
import type { ApiErrorBody } from '@payments/core';
import type { OfferedMethod, SessionShopper } from './apm-fields';
import { GatewayCallError } from './gateway-api';

export interface SessionMethods {
  currency: string;
  amount: number;
  payment_methods: OfferedMethod[];
  customer: SessionShopper | null;
}

export async function fetchSessionMethods(clientKey: string, sessionId: string): Promise<SessionMethods> {
  const response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}/payment-methods`, {
    credentials: 'omit',
    headers: { 'x-client-key': clientKey, accept: 'application/json' },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new GatewayCallError(response.status, body as Partial<ApiErrorBody> | null);
  return body as SessionMethods;
}
