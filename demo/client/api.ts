/** The shop backend's API, as the page calls it (same origin: CSP connect-src 'self'). */
import type { LocaleTag } from '@payments/core';
import type { Account, CheckoutResponse, CreateAccountRequest, EventsResponse, OrdersResponse, OrderStatus, ScenariosResponse } from '../shared/api-types';

/** The shop's API failed: `code` is the backend's error code, or 'network' when it was not reached. */
export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`shop API: ${code} (${status})`);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init.headers }, cache: 'no-store' });
  } catch {
    throw new ShopApiError(0, 'network');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const code = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : 'server_error';
    throw new ShopApiError(response.status, code);
  }
  return body as T;
}

export function startCheckout(locale: LocaleTag, scenario: string, accountId?: string): Promise<CheckoutResponse> {
  return call('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale, scenario, ...(accountId ? { accountId } : {}) }),
  });
}

/** Creates the shopper's profile (a customer at the gateway, by the shop's backend). */
export function createAccount(details: CreateAccountRequest): Promise<Account> {
  return call('/api/account', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(details) });
}

export function fetchAccount(accountId: string): Promise<Account> {
  return call(`/api/account/${encodeURIComponent(accountId)}`);
}

/** Removes a saved card: the shop's backend calls DELETE /api/payment-methods/{id}. */
export function removeCard(accountId: string, paymentMethodId: string): Promise<Account> {
  return call(`/api/account/${encodeURIComponent(accountId)}/cards/${encodeURIComponent(paymentMethodId)}`, { method: 'DELETE' });
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

/** The shop's orders from its database, newest first. */
export function fetchOrders(): Promise<OrdersResponse> {
  return call('/api/orders');
}
