/**
 * The alternative methods the gateway offers for this session: GET
 * /api/sessions/{id}/payment-methods, same origin, with the public client key. A failure is
 * a GatewayCallError, worded by payment-errors.ts like any other gateway call.
 */
import type { OfferedMethod, SessionShopper } from './apm-fields';
import type { GatewayApi } from './gateway-api';

export interface SessionMethods {
  currency: string;
  amount: number;
  payment_methods: OfferedMethod[];
  customer: SessionShopper | null;
}

export function fetchSessionMethods(api: GatewayApi, sessionId: string): Promise<SessionMethods> {
  return api.get<SessionMethods>(`/api/sessions/${encodeURIComponent(sessionId)}/payment-methods`);
}
