/**
 * The four lists: transactions (with their filters), sessions and hosted pages, customers and
 * their saved cards, webhook deliveries (with "Failing only"). Tables on a wide screen; on a
 * narrow one each row becomes a block whose cells are labelled (styles.css, data-label).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { deliveryStateLabel, eventLabel, formatAmount, formatTime } from '../format';
import type { CustomerView, DeliveryView, SessionView, TransactionView } from '../types';

export interface TransactionFilter {
  status: string;
  type: string;
  reference: string;
  last4: string;
  from: string;
  to: string;
}

export const EMPTY_FILTER: TransactionFilter = { status: '', type: '', reference: '', last4: '', from: '', to: '' };

const STATUSES = ['APPROVED', 'DECLINED', 'PENDING', 'FAILED', 'CANCELED', 'EXPIRED', 'VOIDED', 'CREATED'];
const TYPES = ['PURCHASE', 'AUTHORIZE', 'CAPTURE', 'REFUND', 'VOID', 'PAYOUT'];

const statusBadge = (status: string) => html`<span class="badge status-${status.toLowerCase()}">${status}</span>`;

const option = (value: string, selected: string, label = value) => html`<option value=${value} ?selected=${value === selected}>${label}</option>`;

export function transactionFilterForm(filter: TransactionFilter, onApply: (filter: TransactionFilter) => void): TemplateResult {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    onApply({ status: field('status'), type: field('type'), reference: field('reference'), last4: field('last4'), from: field('from'), to: field('to') });
  };
  return html`<form class="filters" @submit=${submit} aria-label="Filter transactions">
    <label>Status <select name="status">${option('', filter.status, 'Any')}${STATUSES.map((s) => option(s, filter.status))}</select></label>
    <label>Type <select name="type">${option('', filter.type, 'Any')}${TYPES.map((t) => option(t, filter.type))}</select></label>
    <label>Reference <input name="reference" .value=${filter.reference} autocomplete="off"></label>
    <label>Card last 4 <input name="last4" .value=${filter.last4} inputmode="numeric" pattern="[0-9]{4}" maxlength="4" autocomplete="off"></label>
    <label>From <input name="from" type="datetime-local" .value=${filter.from}></label>
    <label>To <input name="to" type="datetime-local" .value=${filter.to}></label>
    <div class="filter-buttons"><button type="submit">Apply filters</button></div>
  </form>`;
}

export function transactionsTable(transactions: TransactionView[], locale: readonly string[]): TemplateResult {
  if (transactions.length === 0) return html`<p class="empty">No transactions match.</p>`;
  return html`<table class="list">
    <caption class="visually-hidden">Transactions, newest first</caption>
    <thead><tr><th scope="col">Created</th><th scope="col">Status</th><th scope="col">Type</th><th scope="col">Amount</th><th scope="col">Reference</th><th scope="col">Card</th></tr></thead>
    <tbody>
      ${transactions.map(
        (t) => html`<tr data-transaction-id=${t.id}>
          <td data-label="Created">${formatTime(t.created_at, locale)}</td>
          <td data-label="Status">${statusBadge(t.status)}</td>
          <td data-label="Type">${t.type}${t.parent_id ? html` <span class="muted">(operation)</span>` : nothing}</td>
          <td data-label="Amount" class="num">${formatAmount(t.amount, t.currency, locale)}</td>
          <td data-label="Reference"><a href="#/transactions/${encodeURIComponent(t.id)}" aria-label="Timeline of ${t.reference}, ${t.status.toLowerCase()}">${t.reference}</a></td>
          <td data-label="Card">${t.card ?? t.method}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/** Newer and Older under the transactions: each shown when there is such a page (the list pages with `before=`). */
export function transactionPager(pages: { newer: (() => void) | null; older: (() => void) | null }): TemplateResult | typeof nothing {
  if (!pages.newer && !pages.older) return nothing;
  return html`<nav class="pager" aria-label="Pages of transactions">
    ${pages.newer ? html`<button type="button" class="secondary" @click=${pages.newer}>← Newer</button>` : nothing}
    ${pages.older ? html`<button type="button" class="secondary older" @click=${pages.older}>Older →</button>` : nothing}
  </nav>`;
}

export function sessionsTable(sessions: SessionView[], locale: readonly string[]): TemplateResult {
  if (sessions.length === 0) return html`<p class="empty">No sessions or hosted pages yet.</p>`;
  return html`<table class="list">
    <caption class="visually-hidden">Sessions and hosted pages, newest first</caption>
    <thead><tr><th scope="col">Created</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Reference</th><th scope="col">Payments</th></tr></thead>
    <tbody>
      ${sessions.map(
        (s) => html`<tr>
          <td data-label="Created">${formatTime(s.created_at, locale)}</td>
          <td data-label="Kind">${s.kind === 'HPP' ? 'Hosted page' : 'Embedded Fields'}</td>
          <td data-label="Status">${statusBadge(s.status)}</td>
          <td data-label="Amount" class="num">${formatAmount(s.amount, s.currency, locale)}</td>
          <td data-label="Reference">${s.reference}</td>
          <td data-label="Payments">${s.transaction_ids.length === 0
            ? html`<span class="muted">none</span>`
            : s.transaction_ids.map((id, i) => html`<a href="#/transactions/${encodeURIComponent(id)}" aria-label="Payment ${i + 1} of ${s.reference}">Payment ${i + 1}</a> `)}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

export function customersList(customers: CustomerView[], locale: readonly string[]): TemplateResult {
  if (customers.length === 0) return html`<p class="empty">No customers yet.</p>`;
  return html`<ul class="cards">
    ${customers.map(
      (c) => html`<li class="card">
        <h3>${c.name ?? c.email}</h3>
        <p class="muted">${c.email}${c.country ? ` · ${c.country}` : ''} · <span class="mono">${c.id}</span></p>
        ${c.saved_cards.length === 0
          ? html`<p class="muted">No saved cards.</p>`
          : html`<ul aria-label="Saved cards of ${c.name ?? c.email}">
              ${c.saved_cards.map(
                (card) => html`<li><span class="mono">${card.card}</span> ${card.brand ?? ''} · expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}
                  ${card.status === 'DELETED' ? html`<span class="badge">deleted</span>` : nothing} <span class="muted">saved ${formatTime(card.created_at, locale)}</span></li>`,
              )}
            </ul>`}
      </li>`,
    )}
  </ul>`;
}

export function deliveriesTable(
  deliveries: DeliveryView[],
  locale: readonly string[],
  onResend: (delivery: DeliveryView) => void,
): TemplateResult {
  if (deliveries.length === 0) return html`<p class="empty">No webhook deliveries match.</p>`;
  return html`<table class="list">
    <caption class="visually-hidden">Webhook deliveries, newest first</caption>
    <thead><tr><th scope="col">Announced</th><th scope="col">Event</th><th scope="col">State</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody>
      ${deliveries.map((d) => {
        const last = d.attempts[d.attempts.length - 1];
        return html`<tr data-delivery-id=${d.id}>
          <td data-label="Announced">${formatTime(d.created_at, locale)}</td>
          <td data-label="Event"><a href="#/transactions/${encodeURIComponent(d.transaction_id)}" aria-label="Timeline of the transaction of ${eventLabel(d.event)}">${eventLabel(d.event)}</a></td>
          <td data-label="State"><span class="badge state-${d.state}">${deliveryStateLabel(d.state, d.attempts.length)}</span></td>
          <td data-label="Attempts" class="num">${d.attempts.length}</td>
          <td data-label="Last answer">${last ? (last.status ?? last.error) : html`<span class="muted">none yet</span>`}</td>
          <td data-label="Actions">${d.state === 'no_url' ? nothing : html`<button type="button" @click=${() => onResend(d)} aria-label="Resend ${eventLabel(d.event)} delivery ${d.id.slice(0, 8)}">Resend</button>`}</td>
        </tr>`;
      })}
    </tbody>
  </table>`;
}
