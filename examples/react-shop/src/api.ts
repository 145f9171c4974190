/** The shop's backend (server/shop-server.ts): the browser never holds the gateway's client secret. */
import type { SavedCardData } from '@payments/react';

export interface ShopConfig {
  gatewayUrl: string;
  clientKey: string;
}

export interface Order {
  reference: string;
  sessionId: string;
  amount: number;
  currency: string;
  savedCard: SavedCardData;
}

async function call<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(path, { method, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export const getConfig = () => call<ShopConfig>('GET', '/api/config');
export const newOrder = () => call<Order>('POST', '/api/orders');
export const paymentStatus = (transactionId: string) => call<{ status: string }>('GET', `/api/payments/${encodeURIComponent(transactionId)}`);
