/**
 * The verified webhooks the shop's backend received (GET /api/events), polled while the
 * page is visible. Only events whose signature and body digest checked out are listed;
 * those of the current payment are marked.
 */
import { formatAmount } from '@payments/core';
import type { WebhookEventRecord } from '../shared/api-types';
import { fetchEvents } from './api';
import { element } from './dom';
import { Poller } from './poller';

const POLL_MS = 3000;
/** Right after a payment the events are due: poll faster for a while. */
const FAST_POLL_MS = 750;
const FAST_FOR_MS = 15_000;
/** The page shows the newest ones; the backend keeps 200. */
const SHOWN = 20;
const EVENT_PREFIX = 'transaction-svc:transaction:';

export class EventLog {
  private readonly poller = new Poller(
    () => this.refresh(),
    () => (Date.now() < this.fastUntil ? FAST_POLL_MS : POLL_MS),
  );
  private signature = '';
  private events: WebhookEventRecord[] = [];
  private current: string | null = null;
  private fastUntil = 0;

  constructor(
    private readonly list: HTMLOListElement,
    private readonly empty: HTMLElement,
  ) {}

  start(): void {
    this.poller.start();
  }

  /** Marks the events of this transaction and refreshes now (after a payment). */
  follow(transactionId: string): void {
    this.current = transactionId;
    this.fastUntil = Date.now() + FAST_FOR_MS;
    this.render();
    this.poller.now();
  }

  private async refresh(): Promise<void> {
    const { events } = await fetchEvents();
    const signature = `${events.length}:${events[0]?.webhookId ?? ''}`;
    if (signature !== this.signature) {
      this.signature = signature;
      this.events = events;
      this.render();
    }
  }

  private render(): void {
    const shown = this.events.slice(0, SHOWN);
    this.empty.hidden = this.events.length > 0;
    this.list.replaceChildren(...shown.map((event) => this.item(event)));
    if (this.events.length > shown.length) {
      this.list.append(element('li', { className: 'event-more', text: `Showing the latest ${shown.length} of ${this.events.length} events.` }));
    }
  }

  private item(event: WebhookEventRecord): HTMLLIElement {
    const mine = this.current !== null && event.transactionId === this.current;
    const time = new Date(event.receivedAt).toLocaleTimeString('en-GB');
    const name = event.event.startsWith(EVENT_PREFIX) ? event.event.slice(EVENT_PREFIX.length) : event.event;
    const amount = event.amount !== null && event.currency ? formatAmount(event.amount, event.currency, 'en-US') : null;
    const facts = [
      event.status,
      amount,
      event.processingCode ? `code ${event.processingCode}` : null,
      event.reference,
      event.attempt && event.attempt > 1 ? `attempt ${event.attempt}` : null,
    ].filter((fact): fact is string => Boolean(fact));
    const tone = event.status === 'APPROVED' ? 'approved' : event.status === 'PENDING' ? 'pending' : 'declined';
    return element('li', { className: `event${mine ? ' event-current' : ''}` }, [
      element('div', { className: 'event-head' }, [
        element('time', { className: 'event-time', text: time, attributes: { datetime: event.receivedAt } }),
        element('code', { className: 'event-name', text: name }),
        ...(event.status ? [element('span', { className: `badge badge-${tone}`, text: event.status })] : []),
        ...(mine ? [element('span', { className: 'badge badge-current', text: 'this payment' })] : []),
      ]),
      element('p', { className: 'event-facts', text: facts.join(' · ') }),
      element('p', { className: 'event-id', text: `Transaction ${event.transactionId ?? '—'} · verified signature and body digest` }),
    ]);
  }
}
