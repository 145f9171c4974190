/**
 * The shop's own API between its page and its backend (not the gateway's): JSON bodies of
 * /api/checkout, /api/scenarios, /api/orders, /api/orders/:id and /api/events. Types only, shared by
 * the backend and the browser code.
 */
import type { LocaleTag } from '@payments/core';

export interface ScenarioCard {
  number: string;
  /** What a tester should see with this card. */
  expected: string;
}

/** A "Test scenario" as the page sees it (the terminal and metadata stay server-side). */
export interface PublicScenario {
  id: string;
  label: string;
  group: 'cards' | 'flows' | 'methods';
  /** One line: what happens. */
  description: string;
  /** Cards to type, with their expected outcome. */
  cards: ScenarioCard[];
}

export interface ScenariosResponse {
  defaultScenario: string;
  scenarios: PublicScenario[];
}

export interface CheckoutRequest {
  locale?: LocaleTag;
  /** A scenario id from GET /api/scenarios (QA); default: the test cards. */
  scenario?: string;
  /** The shopper's profile (POST /api/account): the session is made for its customer. */
  accountId?: string;
}

/** POST /api/account: a shopper profile, created as a customer at the gateway. */
export interface CreateAccountRequest {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** A saved card of a profile, as the tokenization webhook announced it. */
export interface AccountCard {
  paymentMethodId: string;
  cardBrand: string;
  maskedPan: string;
  last4: string;
  /** MMYY, as the saved-card component takes it. */
  expirationDate: string;
  /** DELETED once removed (DELETE /api/payment-methods/{id}); kept to show the refusal. */
  status: 'ACTIVE' | 'DELETED';
  transactionId: string;
}

export interface Account {
  accountId: string;
  /** The gateway's customer id (sessions carry it as customer.id). */
  customerId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Newest first. */
  cards: AccountCard[];
}

/** What the page needs to start the card component. Never the client secret. */
export interface CheckoutResponse {
  sessionId: string;
  clientKey: string;
  environment: 'test';
  gatewayUrl: string;
  locale: LocaleTag;
  scenario: string;
  reference: string;
  amount: number;
  currency: string;
}

/** GET /api/orders/:transactionId: the gateway's answer, checked server-side. */
export interface OrderStatus {
  found: boolean;
  transactionId: string;
  status: string | null;
  approved: boolean;
  amount: number | null;
  currency: string | null;
  reference: string | null;
  processingCode: string | null;
  responseMessage: string | null;
  /** The transaction's payment_method.type (card, wallet-a-redirect, bank-network-redirect…). */
  paymentMethodType: string | null;
}

/** A verified webhook applied to an order (one per delivery id). */
export interface OrderUpdate {
  webhookId: string;
  receivedAt: string;
  event: string;
  status: string | null;
}

/** An order as the shop's database keeps it: made at checkout, updated by verified webhooks. */
export interface ShopOrder {
  /** The shop's order number (NW-…), the gateway's `reference`. */
  reference: string;
  createdAt: string;
  /** Where the shopper pays: the card component on the shop's page, or the hosted payment page. */
  channel: 'embedded' | 'hosted';
  locale: LocaleTag;
  amount: number;
  currency: string;
  /** The gateway's status from the webhooks; null until the first one arrives. */
  status: string | null;
  transactionId: string | null;
  updatedAt: string | null;
  /** The webhooks applied to it, oldest first. */
  updates: OrderUpdate[];
}

/** GET /api/orders: the newest orders first. */
export interface OrdersResponse {
  orders: ShopOrder[];
}

/** One verified webhook, as the event log shows it. */
export interface WebhookEventRecord {
  /** The delivery id: the signed JWT's jti (the gateway's x-webhook-id), the same on every retry. */
  webhookId: string;
  attempt: number | null;
  receivedAt: string;
  event: string;
  transactionId: string | null;
  reference: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  processingCode: string | null;
  responseMessage: string | null;
}

export interface EventsResponse {
  events: WebhookEventRecord[];
}

export interface ApiProblem {
  error: string;
  message: string;
}
