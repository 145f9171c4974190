/** The shop backend's API, as the page calls it (same origin: CSP connect-src 'self'). */
import type { LocaleTag } from '@payments/core';
import type { CheckoutResponse, EventsResponse, OrderStatus, ScenariosResponse } from '../shared/api-types';

export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init.headers }, cache: 'no-store' });
  } catch {
    throw new ShopApiError(0, 'We could not reach the shop. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : 'Something went wrong on our side. Please try again.';
    throw new ShopApiError(response.status, message);
  }
  return body as T;
}

export function startCheckout(locale: LocaleTag, scenario: string): Promise<CheckoutResponse> {
  return call('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale, scenario }),
  });
}

export function fetchScenarios(): Promise<ScenariosResponse> {
  return call('/api/scenarios');
}

/** The order's status as the backend verified it with the gateway. */
export function fetchOrder(transactionId: string): Promise<OrderStatus> {
  return call(`/api/orders/${encodeURIComponent(transactionId)}`);
}

export function fetchEvents(): Promise<EventsResponse> {
  return call('/api/events');
}
