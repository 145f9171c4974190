/**
 * Live updates for the dashboard and `mock-gateway listen`, as server-sent events.
 *
 * "Live" comes from the store, not from this process's events: replicas on one Postgres each
 * take their own payments and send their own webhooks, and every dashboard must see them all.
 * So one poller per merchant (per gateway, while anyone watches that merchant) reads the
 * merchant's newest transactions and deliveries every POLL_MS through their indexes, compares
 * them with what it saw last, and tells every watcher what is new:
 *  - `transaction`: a transaction created or changed (status, 3-D Secure stage);
 *  - `delivery`: a webhook delivery announced or changed state (resent, delivered, failed);
 *  - `attempt`: each new attempt of a delivery, with its status, latency and answer.
 * The first poll is the baseline: a watcher hears about what happens after it connected.
 * What changes beyond the newest WINDOW of each kind (an old delivery's late retry) is not
 * reported live; the lists show it on their next load.
 */
import type { FastifyReply } from 'fastify';
import type { GatewayContext } from '../context';
import { deliveryView, type AttemptView, type DeliveryView } from '../webhooks/delivery-view';
import { transactionView, type TransactionView } from './views';

export const POLL_MS = 500;
const WINDOW = 50;
const HEARTBEAT_MS = 15_000;

export type LiveEvent =
  | { type: 'transaction'; merchant_id: string; transaction: TransactionView }
  | { type: 'delivery'; merchant_id: string; delivery: DeliveryView }
  | { type: 'attempt'; merchant_id: string; delivery_id: string; event: string; transaction_id: string; number: number; attempt: AttemptView };

type Watcher = (event: LiveEvent) => void;

class MerchantFeed {
  private readonly watchers = new Set<Watcher>();
  private readonly seenTransactions = new Map<string, string>();
  private readonly seenDeliveries = new Map<string, { state: string; attempts: number; resends: number }>();
  private timer: NodeJS.Timeout | null = null;
  private baseline = true;
  /** The first poll (what a watcher is told changes against), settled once it has run. */
  private baselinePoll: Promise<void> = Promise.resolve();
  private polling = false;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly merchantId: string,
  ) {}

  /** Adds a watcher; `ready` settles once the feed knows what is there now (later changes are news). */
  watch(watcher: Watcher): { ready: Promise<void>; stop: () => void } {
    this.watchers.add(watcher);
    if (!this.timer) {
      this.baseline = true;
      this.baselinePoll = this.poll();
      this.timer = setInterval(() => void this.poll(), POLL_MS);
      this.timer.unref();
    }
    const stop = () => {
      this.watchers.delete(watcher);
      if (this.watchers.size === 0) this.stop();
    };
    return { ready: this.baselinePoll, stop };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.seenTransactions.clear();
    this.seenDeliveries.clear();
  }

  private async poll(): Promise<void> {
    if (this.polling) return; // a slow store: skip a beat rather than pile up
    this.polling = true;
    try {
      const [transactions, deliveries] = await Promise.all([
        this.ctx.store.merchantTransactions({ merchantId: this.merchantId, limit: WINDOW }).then((page) => page.transactions),
        this.ctx.store.merchantDeliveries(this.merchantId, { failing: false }, WINDOW),
      ]);
      const events: LiveEvent[] = [];
      for (const record of transactions.reverse()) {
        const signature = `${record.transaction.status}|${record.updated_at}|${record.three_ds?.stage ?? ''}`;
        if (this.seenTransactions.get(record.transaction.id) === signature) continue;
        this.seenTransactions.set(record.transaction.id, signature);
        events.push({ type: 'transaction', merchant_id: this.merchantId, transaction: transactionView(record) });
      }
      for (const stored of deliveries.reverse()) {
        const { delivery } = stored;
        const before = this.seenDeliveries.get(delivery.id);
        const now = { state: delivery.state, attempts: delivery.attempts.length, resends: delivery.resends ?? 0 };
        if (before && before.state === now.state && before.attempts === now.attempts && before.resends === now.resends) continue;
        this.seenDeliveries.set(delivery.id, now);
        const view = deliveryView(stored);
        events.push({ type: 'delivery', merchant_id: this.merchantId, delivery: view });
        for (let i = before?.attempts ?? 0; i < view.attempts.length; i++) {
          events.push({
            type: 'attempt',
            merchant_id: this.merchantId,
            delivery_id: delivery.id,
            event: delivery.event,
            transaction_id: delivery.transaction_id,
            number: i + 1,
            attempt: view.attempts[i]!,
          });
        }
      }
      this.forgetOld(transactions.map((r) => r.transaction.id), deliveries.map((d) => d.delivery.id));
      if (this.baseline) this.baseline = false;
      else for (const event of events) for (const watcher of this.watchers) watcher(event);
    } catch {
      // The store is closing or failed this once: the next beat tries again.
    } finally {
      this.polling = false;
    }
  }

  /** Keeps the memory of what was seen to the window (a reset or a long run must not grow it). */
  private forgetOld(transactionIds: string[], deliveryIds: string[]): void {
    const keepTx = new Set(transactionIds);
    for (const id of this.seenTransactions.keys()) if (!keepTx.has(id)) this.seenTransactions.delete(id);
    const keepDeliveries = new Set(deliveryIds);
    for (const id of this.seenDeliveries.keys()) if (!keepDeliveries.has(id)) this.seenDeliveries.delete(id);
  }
}

/**
 * One gateway's live streams: a feed per merchant watched, shared by every stream that watches
 * it, and the streams open. The dashboard's part owns one (plugin.ts) and ends it as the
 * gateway closes.
 */
export class LiveStreams {
  private readonly feeds = new Map<string, MerchantFeed>();
  private readonly open = new Set<FastifyReply>();

  constructor(private readonly ctx: GatewayContext) {}

  private feedOf(merchantId: string): MerchantFeed {
    let feed = this.feeds.get(merchantId);
    if (!feed) this.feeds.set(merchantId, (feed = new MerchantFeed(this.ctx, merchantId)));
    return feed;
  }

  /**
   * Answers `request` with an event stream of these merchants' live events, until the client
   * leaves. The stream opens once each feed has its baseline: whatever commits after a client
   * sees the stream open is news to it.
   */
  async stream(reply: FastifyReply, merchantIds: string[]): Promise<void> {
    const pending: LiveEvent[] = [];
    let send: Watcher = (event) => pending.push(event);
    const watches = merchantIds.map((id) => this.feedOf(id).watch((event) => send(event)));
    const timers: { heartbeat?: NodeJS.Timeout } = {};
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(timers.heartbeat);
      for (const watch of watches) watch.stop();
      this.open.delete(reply);
    };
    // The response's close: the client left (or the stream was ended); a request's close comes with its end.
    reply.raw.on('close', end);
    await Promise.all(watches.map((w) => w.ready));
    if (ended) return;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: 2000\n: watching ${merchantIds.length} merchant(s)\n\n`);
    this.open.add(reply);
    send = (event) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    for (const event of pending) send(event);
    timers.heartbeat = setInterval(() => raw.write(': still here\n\n'), HEARTBEAT_MS);
    timers.heartbeat.unref();
  }

  /** Ends every live stream (before the gateway closes: an open stream would hold the server). */
  end(): void {
    for (const reply of this.open) reply.raw.end();
    this.open.clear();
    for (const feed of this.feeds.values()) feed.stop();
  }
}
