/**
 * The sandbox inspector at /dashboard: a lit element in the light DOM (one stylesheet,
 * styles.css, under the document's CSP). Hash routes: #/transactions (default),
 * #/transactions/{id} (the timeline), #/sessions, #/customers, #/webhooks, #/sandbox. Live:
 * one EventSource on /dashboard/api/live; any event about what is on screen reloads it (a
 * quarter second later, so a burst is one reload). Every action asks to confirm in a modal
 * dialog first, and says what happened in the status line.
 */
import './styles.css';
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { DashboardError, getJson, postJson, useCsrfToken } from './api';
import { curlCommand, eventLabel } from './format';
import type { Confirmation, CustomerView, DeliveryView, Me, SessionView, SignedRequest, Timeline, TransactionView } from './types';
import { customersList, deliveriesTable, EMPTY_FILTER, sessionsTable, transactionFilterForm, transactionPager, transactionsTable, type TransactionFilter } from './views/lists';
import { sandboxConfirmations, sandboxView, signInView } from './views/sandbox';
import { timelineView } from './views/timeline';

type View = 'transactions' | 'transaction' | 'sessions' | 'customers' | 'webhooks' | 'sandbox';

/** The status line after a live reload that no action's message stands over. */
const LIVE_UPDATE_STATUS = 'Updated just now';

const TABS: [View, string][] = [
  ['transactions', 'Transactions'],
  ['sessions', 'Sessions'],
  ['customers', 'Customers'],
  ['webhooks', 'Webhooks'],
  ['sandbox', 'Sandbox'],
];

function parseRoute(hash: string): { view: View; id: string | null } {
  const [, view = 'transactions', id] = hash.replace(/^#/, '').split('/');
  if (view === 'transactions' && id) return { view: 'transaction', id: decodeURIComponent(id) };
  return { view: (TABS.some(([v]) => v === view) ? view : 'transactions') as View, id: null };
}

/** A datetime-local value (the viewer's time zone) as an ISO instant for the API. */
const instant = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

export class MockGatewayDashboard extends LitElement {
  #me: Me | null = null;
  #signIn: { required: boolean; error: string | null } = { required: false, error: null };
  #merchant = '';
  #route = parseRoute(location.hash);
  #transactions: TransactionView[] = [];
  #sessions: SessionView[] = [];
  #customers: CustomerView[] = [];
  #deliveries: DeliveryView[] = [];
  #timeline: Timeline | null = null;
  #filter: TransactionFilter = { ...EMPTY_FILTER };
  /** The `before=` cursors of the pages shown before this one (empty: the newest page), and the next older page's. */
  #newerPages: (string | undefined)[] = [];
  #before: string | undefined;
  #older: string | null = null;
  #failingOnly = false;
  /** An action's message (Resend, copy, settle…), or the live reload's LIVE_UPDATE_STATUS. */
  #status = '';
  #error: string | null = null;
  #confirm: Confirmation | null = null;
  #copied: string | null = null;
  #live: EventSource | null = null;
  #liveState: 'connecting' | 'live' | 'offline' = 'connecting';
  #reloadTimer: number | undefined;
  #focusHeading = false;
  readonly #locale = navigator.languages;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.#onHashChange);
    void this.#start();
  }

  override disconnectedCallback(): void {
    window.removeEventListener('hashchange', this.#onHashChange);
    this.#live?.close();
    super.disconnectedCallback();
  }

  readonly #onHashChange = () => {
    this.#route = parseRoute(location.hash);
    this.#copied = null;
    this.#focusHeading = true;
    void this.#load();
  };

  async #start(): Promise<void> {
    try {
      const response = await fetch('/dashboard/api/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (response.status === 401) {
        this.#signIn = { required: true, error: this.#signIn.error };
        this.requestUpdate();
        return;
      }
      this.#me = (await response.json()) as Me;
      useCsrfToken(this.#me.csrf_token);
      this.#signIn = { required: false, error: null };
      if (!this.#me.merchants.some((m) => m.id === this.#merchant)) this.#merchant = this.#me.merchants[0]?.id ?? '';
      this.#connectLive();
      await this.#load();
    } catch (error) {
      this.#error = error instanceof Error ? error.message : String(error);
      this.requestUpdate();
    }
  }

  #connectLive(): void {
    this.#live?.close();
    this.#liveState = 'connecting';
    const live = new EventSource(`/dashboard/api/live?merchant=${encodeURIComponent(this.#merchant)}`);
    live.addEventListener('open', () => {
      this.#liveState = 'live';
      this.requestUpdate();
    });
    live.addEventListener('error', () => {
      this.#liveState = live.readyState === EventSource.CLOSED ? 'offline' : 'connecting';
      this.requestUpdate();
    });
    const onEvent = (event: MessageEvent<string>) => this.#onLive(event.type, JSON.parse(event.data) as { transaction?: TransactionView; delivery?: DeliveryView; delivery_id?: string; transaction_id?: string });
    for (const type of ['transaction', 'delivery', 'attempt']) live.addEventListener(type, onEvent as EventListener);
    this.#live = live;
  }

  #onLive(type: string, event: { transaction?: TransactionView; delivery?: DeliveryView; transaction_id?: string }): void {
    const view = this.#route.view;
    const transactionId = event.transaction?.id ?? event.delivery?.transaction_id ?? event.transaction_id;
    const concerns =
      (view === 'transactions' && type === 'transaction') ||
      (view === 'webhooks' && type !== 'transaction') ||
      (view === 'sessions' && type === 'transaction') ||
      (view === 'transaction' && this.#timeline !== null && [this.#timeline.transaction.id, ...this.#timeline.operations.map((o) => o.id)].includes(transactionId ?? ''));
    if (!concerns) return;
    window.clearTimeout(this.#reloadTimer);
    this.#reloadTimer = window.setTimeout(() => void this.#load(true), 250);
  }

  async #load(quiet = false): Promise<void> {
    if (!this.#me) return;
    const merchant = this.#merchant;
    try {
      switch (this.#route.view) {
        case 'transactions': {
          const f = this.#filter;
          const query = { merchant, status: f.status, type: f.type, reference: f.reference, last4: f.last4, from: instant(f.from), to: instant(f.to), before: this.#before };
          const page = await getJson<{ transactions: TransactionView[]; older: string | null }>('transactions', query);
          this.#transactions = page.transactions;
          this.#older = page.older;
          break;
        }
        case 'transaction':
          this.#timeline = await getJson<Timeline>(`transactions/${encodeURIComponent(this.#route.id ?? '')}`);
          break;
        case 'sessions':
          this.#sessions = (await getJson<{ sessions: SessionView[] }>('sessions', { merchant })).sessions;
          break;
        case 'customers':
          this.#customers = (await getJson<{ customers: CustomerView[] }>('customers', { merchant })).customers;
          break;
        case 'webhooks':
          this.#deliveries = (await getJson<{ deliveries: DeliveryView[] }>('deliveries', { merchant, failing: this.#failingOnly ? 'true' : undefined })).deliveries;
          break;
        case 'sandbox':
          this.#me = { ...this.#me, ...(await getJson<Me>('me')) };
          break;
      }
      this.#error = null;
      // An action's message stands until the next action: a live reload does not replace it.
      if (quiet && (this.#status === '' || this.#status === LIVE_UPDATE_STATUS)) this.#status = LIVE_UPDATE_STATUS;
    } catch (error) {
      if (error instanceof DashboardError && error.status === 401) {
        this.#me = null;
        this.#signIn = { required: true, error: null };
      } else if (this.#route.view === 'transaction') {
        this.#timeline = null;
        this.#error = error instanceof Error ? error.message : String(error);
      } else {
        this.#error = error instanceof Error ? error.message : String(error);
      }
    }
    this.requestUpdate();
  }

  #ask(confirmation: Confirmation): void {
    this.#confirm = confirmation;
    this.requestUpdate();
  }

  async #confirmed(): Promise<void> {
    const confirmation = this.#confirm;
    this.#confirm = null;
    if (!confirmation) return;
    try {
      this.#status = await confirmation.run();
      this.#error = null;
    } catch (error) {
      this.#error = error instanceof Error ? error.message : String(error);
    }
    await this.#load();
  }

  #resend = (delivery: DeliveryView): void =>
    this.#ask({
      title: 'Resend this webhook?',
      message: `The ${eventLabel(delivery.event)} webhook is posted again with the same delivery id and body, in a new series of attempts.`,
      confirmLabel: 'Resend',
      run: async () => {
        await postJson(`deliveries/${encodeURIComponent(delivery.id)}/resend`);
        return `Resent the ${eventLabel(delivery.event)} webhook`;
      },
    });

  #copySigned = async (delivery: DeliveryView): Promise<void> => {
    try {
      const { signed } = await getJson<{ signed: SignedRequest }>(`deliveries/${encodeURIComponent(delivery.id)}`);
      this.#copied = curlCommand(delivery.url || 'http://localhost/webhooks', signed);
      await navigator.clipboard?.writeText(this.#copied).catch(() => undefined);
      this.#status = 'Signed request copied (valid for 5 minutes)';
    } catch (error) {
      this.#error = error instanceof Error ? error.message : String(error);
    }
    this.requestUpdate();
  };

  #settle = (outcome: 'approve' | 'decline'): void => {
    const id = this.#timeline?.transaction.id ?? '';
    this.#ask({
      title: outcome === 'approve' ? 'Approve this pending payment?' : 'Decline this pending payment?',
      message: 'The provider settles it now; its webhook follows.',
      confirmLabel: outcome === 'approve' ? 'Approve' : 'Decline',
      run: async () => {
        await postJson(`transactions/${encodeURIComponent(id)}/settle`, { outcome });
        return outcome === 'approve' ? 'Payment approved' : 'Payment declined';
      },
    });
  };

  #sandboxActions = sandboxConfirmations((confirmation) => this.#ask(confirmation));

  async #doSignIn(clientId: string, clientSecret: string): Promise<void> {
    try {
      await postJson('sign-in', { client_id: clientId, client_secret: clientSecret });
      this.#signIn = { required: false, error: null };
      await this.#start();
    } catch (error) {
      this.#signIn = { required: true, error: error instanceof DashboardError && error.status === 401 ? 'Unknown client id or wrong secret.' : String(error) };
      this.requestUpdate();
    }
  }

  async #signOut(): Promise<void> {
    await postJson('sign-out').catch(() => undefined);
    this.#live?.close();
    this.#me = null;
    await this.#start();
  }

  protected override updated(): void {
    const dialog = this.querySelector<HTMLDialogElement>('dialog.confirm');
    if (dialog && this.#confirm && !dialog.open) dialog.showModal();
    if (dialog && !this.#confirm && dialog.open) dialog.close();
    if (this.#focusHeading) {
      this.#focusHeading = false;
      this.querySelector<HTMLElement>('main h2')?.focus();
    }
  }

  #header(): TemplateResult {
    const me = this.#me;
    return html`<header class="top">
      <h1>Mock gateway dashboard</h1>
      ${me
        ? html`<div class="who">
            ${me.merchants.length > 1
              ? html`<label>Merchant <select @change=${(e: Event) => this.#switchMerchant((e.target as HTMLSelectElement).value)}>
                  ${me.merchants.map((m) => html`<option value=${m.id} ?selected=${m.id === this.#merchant}>${m.name} (${m.id})</option>`)}
                </select></label>`
              : html`<span>${me.merchants[0]?.name ?? ''}</span>`}
            <span class="live live-${this.#liveState}">${this.#liveState === 'live' ? 'Live' : this.#liveState === 'connecting' ? 'Connecting…' : 'Offline'}</span>
            ${me.signed_in ? html`<button type="button" class="secondary" @click=${() => void this.#signOut()}>Sign out</button>` : nothing}
          </div>`
        : nothing}
    </header>`;
  }

  /** Shows the page that starts `before` (undefined: the newest), remembering the pages newer than it. */
  #showPage(before: string | undefined, newerPages: (string | undefined)[]): void {
    this.#before = before;
    this.#newerPages = newerPages;
    void this.#load();
  }

  #switchMerchant(id: string): void {
    this.#merchant = id;
    this.#before = undefined;
    this.#newerPages = [];
    this.#connectLive();
    void this.#load();
  }

  #nav(): TemplateResult {
    const active = this.#route.view === 'transaction' ? 'transactions' : this.#route.view;
    const tabs = TABS.filter(([view]) => view !== 'sandbox' || this.#me?.operator);
    return html`<nav class="tabs" aria-label="Sections">
      ${tabs.map(([view, label]) => html`<a href="#/${view}" aria-current=${active === view ? 'page' : 'false'}>${label}</a>`)}
      <a href="/docs" class="api-reference">API reference</a>
    </nav>`;
  }

  #content(): TemplateResult {
    const locale = this.#locale;
    switch (this.#route.view) {
      case 'transactions':
        return html`<h2 tabindex="-1">Transactions</h2>
          ${transactionFilterForm(this.#filter, (filter) => {
            this.#filter = filter;
            this.#showPage(undefined, []);
          })}
          ${transactionsTable(this.#transactions, locale)}
          ${transactionPager({
            newer: this.#newerPages.length > 0 ? () => this.#showPage(this.#newerPages.at(-1), this.#newerPages.slice(0, -1)) : null,
            older: this.#older ? () => this.#showPage(this.#older ?? undefined, [...this.#newerPages, this.#before]) : null,
          })}`;
      case 'transaction':
        return this.#timeline
          ? timelineView(this.#timeline, locale, { resend: this.#resend, copySigned: (d) => void this.#copySigned(d), settle: this.#settle }, this.#copied)
          : html`<h2 tabindex="-1">Transaction</h2><p class="muted">${this.#error ? 'Not found.' : 'Loading…'}</p>`;
      case 'sessions':
        return html`<h2 tabindex="-1">Sessions and hosted pages</h2>${sessionsTable(this.#sessions, locale)}`;
      case 'customers':
        return html`<h2 tabindex="-1">Customers and saved cards</h2>${customersList(this.#customers, locale)}`;
      case 'webhooks':
        return html`<h2 tabindex="-1">Webhook deliveries</h2>
          <label class="check"><input type="checkbox" .checked=${this.#failingOnly} @change=${(e: Event) => {
            this.#failingOnly = (e.target as HTMLInputElement).checked;
            void this.#load();
          }}> Failing only</label>
          ${deliveriesTable(this.#deliveries, locale, this.#resend)}`;
      case 'sandbox':
        return this.#me?.operator ? sandboxView(this.#me, locale, this.#sandboxActions) : html`<h2 tabindex="-1">Sandbox</h2><p>Only the operator on the gateway machine may change the sandbox.</p>`;
    }
  }

  protected override render(): TemplateResult {
    const confirm = this.#confirm;
    return html`${this.#header()}
      ${this.#me ? this.#nav() : nothing}
      <main>
        ${this.#signIn.required ? signInView((id, secret) => void this.#doSignIn(id, secret), this.#signIn.error) : this.#me ? this.#content() : html`<p class="muted">Loading…</p>`}
        ${this.#error && !this.#signIn.required ? html`<p class="error" role="alert">${this.#error}</p>` : nothing}
      </main>
      <p class="status" role="status" aria-live="polite">${this.#status}</p>
      <dialog class="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-message" @close=${() => {
        this.#confirm = null;
        this.requestUpdate();
      }}>
        <h2 id="confirm-title">${confirm?.title ?? ''}</h2>
        <p id="confirm-message">${confirm?.message ?? ''}</p>
        <div class="row-actions">
          <button type="button" @click=${() => void this.#confirmed()}>${confirm?.confirmLabel ?? 'Confirm'}</button>
          <button type="button" class="secondary" @click=${() => {
            this.#confirm = null;
            this.requestUpdate();
          }}>Cancel</button>
        </div>
      </dialog>`;
  }
}

if (!customElements.get('mg-dashboard')) customElements.define('mg-dashboard', MockGatewayDashboard);

declare global {
  interface HTMLElementTagNameMap {
    'mg-dashboard': MockGatewayDashboard;
  }
}
