/**
 * The shop's orders as its backend keeps them (GET /api/orders, the shop's database):
 * newest first, each with the status its verified webhooks gave it and those webhooks.
 * They outlive a restart of the shop. The current checkout's order is marked.
 */
import { formatAmount } from '@payments/core';
import type { ShopOrder } from '../shared/api-types';
import { fetchOrders } from './api';
import { element } from './dom';
import { Poller } from './poller';

const POLL_MS = 3000;
/** Right after a payment its webhooks are due: poll faster for a while. */
const FAST_POLL_MS = 750;
const FAST_FOR_MS = 15_000;
/** The page shows the newest ones. */
const SHOWN = 10;
const EVENT_PREFIX = 'transaction-svc:transaction:';
const CHANNELS: Record<ShopOrder['channel'], string> = { embedded: 'card form on this page', hosted: 'hosted payment page' };

export class OrderList {
  private readonly poller = new Poller(
    () => this.refresh(),
    () => (Date.now() < this.fastUntil ? FAST_POLL_MS : POLL_MS),
  );
  private signature = '';
  private orders: ShopOrder[] = [];
  private current: string | null = null;
  private fastUntil = 0;

  constructor(
    private readonly list: HTMLOListElement,
    private readonly empty: HTMLElement,
  ) {}

  start(): void {
    this.poller.start();
  }

  /** Marks this order and refreshes now (a new checkout, or after a payment). */
  follow(reference: string, paid = false): void {
    this.current = reference;
    if (paid) this.fastUntil = Date.now() + FAST_FOR_MS;
    this.render();
    this.poller.now();
  }

  private async refresh(): Promise<void> {
    const { orders } = await fetchOrders();
    const signature = JSON.stringify(orders.slice(0, SHOWN).map((order) => [order.reference, order.status, order.updates.length]));
    if (signature !== this.signature) {
      this.signature = signature;
      this.orders = orders;
      this.render();
    }
  }

  private render(): void {
    const shown = this.orders.slice(0, SHOWN);
    this.empty.hidden = this.orders.length > 0;
    this.list.replaceChildren(...shown.map((order) => this.item(order)));
    if (this.orders.length > shown.length) {
      this.list.append(element('li', { className: 'event-more', text: `Showing the latest ${shown.length} orders.` }));
    }
  }

  private item(order: ShopOrder): HTMLLIElement {
    const mine = order.reference === this.current;
    const tone = order.status === 'APPROVED' ? 'approved' : order.status === 'PENDING' || order.status === null ? 'pending' : 'declined';
    const applied = order.updates.map((update) => (update.event.startsWith(EVENT_PREFIX) ? update.event.slice(EVENT_PREFIX.length) : update.event));
    return element('li', { className: `event order${mine ? ' event-current' : ''}`, attributes: { 'data-reference': order.reference } }, [
      element('div', { className: 'event-head' }, [
        element('time', { className: 'event-time', text: new Date(order.createdAt).toLocaleString('en-GB'), attributes: { datetime: order.createdAt } }),
        element('code', { className: 'event-name', text: order.reference }),
        element('span', { className: `badge badge-${tone}`, text: order.status ?? 'NOT PAID YET' }),
        ...(mine ? [element('span', { className: 'badge badge-current', text: 'this order' })] : []),
      ]),
      element('p', { className: 'event-facts', text: [formatAmount(order.amount, order.currency, 'en-US'), CHANNELS[order.channel], order.locale].join(' · ') }),
      element('p', {
        className: 'event-id',
        text: applied.length > 0 ? `Webhooks applied: ${applied.join(' → ')} · transaction ${order.transactionId ?? '—'}` : 'No webhook applied yet',
      }),
    ]);
  }
}
