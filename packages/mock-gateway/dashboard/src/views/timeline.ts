/**
 * A transaction's timeline: session → authorize (masked card) → each 3-D Secure step and who
 * decided it → result → management operations → each webhook delivery with every attempt
 * (time, URL, HTTP status, latency, the first bytes of the answer), Resend and the signed
 * request to copy. An ordered list of sections, each with its own heading.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { deliveryStateLabel, eventLabel, formatAmount, formatTime } from '../format';
import type { AttemptView, DeliveryView, ThreeDsStepView, Timeline } from '../types';

export interface TimelineActions {
  resend(delivery: DeliveryView): void;
  copySigned(delivery: DeliveryView): void;
  settle(outcome: 'approve' | 'decline'): void;
}

const STEP_LABELS: Record<string, string> = {
  fingerprint: '3-D Secure fingerprint (device data) requested',
  fingerprint_completed: 'Fingerprint done, authentication requested',
  frictionless: 'Frictionless authentication',
  challenge: 'Challenge shown at the issuer',
  challenge_answered: 'Challenge decided at the issuer',
  redirect: 'Redirect to the issuer decided',
  form_submit: 'Form submitted to the issuer',
  authenticated: 'Authentication result',
  not_enrolled: 'Card not enrolled in 3-D Secure',
};

const DECIDERS: Record<string, string> = {
  issuer: "the issuer's page (the shopper's answer)",
  simulator: 'the simulator (the test card or flow)',
};

function stepItem(step: ThreeDsStepView, locale: readonly string[]): TemplateResult {
  return html`<li class="step">
    <span class="when">${formatTime(step.at, locale)}</span>
    <span>${STEP_LABELS[step.step] ?? step.step}${step.trans_status ? html`: trans_status <strong>${step.trans_status}</strong>` : nothing}</span>
    ${step.decided_by ? html`<span class="decider">decided by ${DECIDERS[step.decided_by]}</span>` : nothing}
  </li>`;
}

function attemptRow(attempt: AttemptView, index: number, locale: readonly string[]): TemplateResult {
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  return html`<tr class=${ok ? 'ok' : 'bad'}>
    <td data-label="Attempt" class="num">${index + 1}${attempt.series > 1 ? html` <span class="muted">(resend ${attempt.series - 1})</span>` : nothing}</td>
    <td data-label="Time">${formatTime(attempt.at, locale)}</td>
    <td data-label="URL" class="mono wrap">${attempt.url}</td>
    <td data-label="HTTP status">${attempt.status ?? html`<span class="error">${attempt.error ?? 'no answer'}</span>`}</td>
    <td data-label="Latency" class="num">${new Intl.NumberFormat(locale as string[]).format(attempt.duration_ms)} ms</td>
    <td data-label="Answer" class="mono wrap">${attempt.response_excerpt || html`<span class="muted">(empty)</span>`}</td>
  </tr>`;
}

export function deliveryBlock(delivery: DeliveryView, locale: readonly string[], actions: TimelineActions): TemplateResult {
  const label = eventLabel(delivery.event);
  return html`<article class="delivery" data-delivery-id=${delivery.id} aria-labelledby="delivery-${delivery.id}">
    <h4 id="delivery-${delivery.id}">Webhook ${label} <span class="badge state-${delivery.state}">${deliveryStateLabel(delivery.state, delivery.attempts.length)}</span></h4>
    <p class="muted">${delivery.event} · delivery <span class="mono">${delivery.id}</span> · announced ${formatTime(delivery.created_at, locale)}${delivery.next_attempt_at ? ` · next attempt ${formatTime(delivery.next_attempt_at, locale)}` : ''}</p>
    ${delivery.attempts.length === 0
      ? html`<p class="muted">${delivery.state === 'no_url' ? 'No webhook URL was set when it was announced.' : 'No attempt yet.'}</p>`
      : html`<table class="list attempts">
          <caption class="visually-hidden">Attempts of the ${label} webhook</caption>
          <thead><tr><th scope="col">Attempt</th><th scope="col">Time</th><th scope="col">URL</th><th scope="col">HTTP status</th><th scope="col">Latency</th><th scope="col">Answer (first bytes)</th></tr></thead>
          <tbody>${delivery.attempts.map((a, i) => attemptRow(a, i, locale))}</tbody>
        </table>`}
    <div class="row-actions">
      ${delivery.state === 'no_url' ? nothing : html`<button type="button" @click=${() => actions.resend(delivery)} aria-label="Resend the ${label} webhook">Resend</button>`}
      <button type="button" class="secondary" @click=${() => actions.copySigned(delivery)} aria-label="Copy signed request of the ${label} webhook">Copy signed request</button>
    </div>
  </article>`;
}

export function timelineView(timeline: Timeline, locale: readonly string[], actions: TimelineActions, copied: string | null): TemplateResult {
  const { transaction: tx, session, authorize, three_ds: threeDs, result } = timeline;
  return html`<nav aria-label="Back"><a href="#/transactions">← All transactions</a></nav>
    <h2>Payment ${tx.reference} <span class="badge status-${tx.status.toLowerCase()}">${tx.status}</span></h2>
    <p class="muted">${formatAmount(tx.amount, tx.currency, locale)} · ${tx.type} · transaction <span class="mono">${tx.id}</span></p>
    <ol class="timeline" aria-label="Timeline">
      <li>
        <h3>Session</h3>
        ${session
          ? html`<p>${session.kind === 'HPP' ? 'Hosted page' : 'Embedded Fields session'} <span class="mono">${session.id}</span>, created ${formatTime(session.created_at, locale)}: ${formatAmount(session.amount, session.currency, locale)}, ${session.status.toLowerCase()}.</p>`
          : html`<p class="muted">None: a Direct API payment.</p>`}
      </li>
      <li>
        <h3>Authorize request</h3>
        <p>${formatTime(authorize.at, locale)} · ${authorize.integration_type} · ${authorize.card ? html`card <span class="mono">${authorize.card}</span> ${authorize.brand ?? ''} exp. ${authorize.expiry}` : authorize.method}</p>
      </li>
      ${threeDs
        ? html`<li>
            <h3>3-D Secure (${threeDs.flow === 'SIMPLIFIED' ? 'simplified simulator' : threeDs.flow})</h3>
            ${threeDs.steps.length === 0 ? html`<p class="muted">No steps recorded.</p>` : html`<ol class="steps" aria-label="3-D Secure steps">${threeDs.steps.map((s) => stepItem(s, locale))}</ol>`}
          </li>`
        : nothing}
      <li>
        <h3>Result</h3>
        <p>${formatTime(result.at, locale)} · <strong>${result.status}</strong>${result.processing_code ? ` · processing code ${result.processing_code}` : ''}${result.response_message ? ` · ${result.response_message}` : ''}</p>
        ${result.status === 'PENDING'
          ? html`<div class="row-actions">
              <button type="button" @click=${() => actions.settle('approve')}>Settle: approve</button>
              <button type="button" class="danger" @click=${() => actions.settle('decline')}>Settle: decline</button>
            </div>`
          : nothing}
      </li>
      ${timeline.operations.length > 0
        ? html`<li>
            <h3>Operations</h3>
            <ul>${timeline.operations.map((o) => html`<li>${formatTime(o.created_at, locale)} · ${o.type} ${formatAmount(o.amount, o.currency, locale)} · <strong>${o.status}</strong></li>`)}</ul>
          </li>`
        : nothing}
      <li>
        <h3>Webhooks</h3>
        ${timeline.deliveries.length === 0 ? html`<p class="muted">No webhook announced yet.</p>` : timeline.deliveries.map((d) => deliveryBlock(d, locale, actions))}
        ${copied ? html`<details open><summary>Signed request (copied to the clipboard)</summary><pre class="mono wrap" tabindex="0" aria-label="Signed request">${copied}</pre></details>` : nothing}
      </li>
    </ol>`;
}
