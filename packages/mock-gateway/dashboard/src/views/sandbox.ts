/**
 * The operator's sandbox controls (the mock clock, faults, reset) and the sign-in form.
 * Each control asks the page to confirm first (main.ts shows the dialog).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { postJson } from '../api';
import { formatTime } from '../format';
import type { Confirmation, Me } from '../types';

export interface SandboxActions {
  advanceClock(seconds: number): void;
  addFault(path: string, mode: string, count: number): void;
  clearFaults(): void;
  reset(): void;
}

const FAULT_MODES = ['error', 'slow', 'garbage', 'down'];

/** The sandbox controls, each asking `ask` to confirm before it posts. */
export function sandboxConfirmations(ask: (confirmation: Confirmation) => void): SandboxActions {
  const action = (title: string, message: string, confirmLabel: string, path: string, body: unknown, done: string) =>
    ask({ title, message, confirmLabel, run: async () => (await postJson(path, body), done) });
  return {
    advanceClock: (seconds) =>
      action('Advance the mock clock?', `Every merchant's tokens, sessions and retries see ${Math.round(seconds / 60)} minute(s) pass.`, 'Advance', 'clock', { advance_seconds: seconds }, 'Clock advanced'),
    addFault: (path, mode, count) => action('Set this fault?', `The next ${count} request(s) to ${path} get: ${mode}.`, 'Set fault', 'faults', { path, mode, count }, 'Fault set'),
    clearFaults: () => action('Clear every fault?', 'Requests are answered normally again.', 'Clear faults', 'faults/clear', {}, 'Faults cleared'),
    reset: () =>
      action(
        'Reset the whole sandbox?',
        "Every merchant's transactions, sessions, customers and webhooks are forgotten. This cannot be undone.",
        'Reset',
        'reset',
        {},
        'Sandbox reset',
      ),
  };
}

export function sandboxView(me: Me, locale: readonly string[], actions: SandboxActions): TemplateResult {
  const clock = (event: SubmitEvent) => {
    event.preventDefault();
    const minutes = Number(new FormData(event.target as HTMLFormElement).get('minutes'));
    if (Number.isFinite(minutes) && minutes > 0) actions.advanceClock(Math.round(minutes * 60));
  };
  const fault = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    actions.addFault(String(data.get('path') ?? '').trim(), String(data.get('mode') ?? 'error'), Number(data.get('count') ?? 1));
  };
  return html`<h2>Sandbox</h2>
    <p class="muted">These change the whole sandbox, every merchant's: only the operator on the gateway machine sees them.</p>
    <section class="card" aria-labelledby="clock-heading">
      <h3 id="clock-heading">Mock clock</h3>
      <p>The gateway's time: <strong>${formatTime(me.now, locale)}</strong></p>
      <form @submit=${clock} class="inline-form">
        <label>Advance by (minutes) <input name="minutes" type="number" min="1" max="5256000" value="15" required></label>
        <button type="submit">Advance the clock</button>
      </form>
    </section>
    <section class="card" aria-labelledby="faults-heading">
      <h3 id="faults-heading">Faults</h3>
      ${me.faults.length === 0
        ? html`<p class="muted">No faults set.</p>`
        : html`<ul>${me.faults.map((f) => html`<li><span class="mono">${f.path}</span>: ${f.mode}, ${f.remaining} more request(s)</li>`)}</ul>
            <button type="button" class="secondary" @click=${() => actions.clearFaults()}>Clear all faults</button>`}
      <form @submit=${fault} class="inline-form">
        <label>Route <input name="path" required pattern="/.*" value="/api/transactions/authorize" autocomplete="off"></label>
        <label>Fault <select name="mode">${FAULT_MODES.map((m) => html`<option value=${m}>${m}</option>`)}</select></label>
        <label>Requests <input name="count" type="number" min="1" max="1000" value="1" required></label>
        <button type="submit">Set fault</button>
      </form>
    </section>
    <section class="card" aria-labelledby="reset-heading">
      <h3 id="reset-heading">Reset</h3>
      <p>Forget every transaction, session, customer, token and webhook; the clock and faults go back to normal.</p>
      <button type="button" class="danger" @click=${() => actions.reset()}>Reset the sandbox</button>
    </section>`;
}

export function signInView(onSignIn: (clientId: string, clientSecret: string) => void, error: string | null): TemplateResult {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    onSignIn(String(data.get('client_id') ?? ''), String(data.get('client_secret') ?? ''));
  };
  return html`<section class="card sign-in" aria-labelledby="sign-in-heading">
    <h2 id="sign-in-heading">Sign in</h2>
    <p>Sign in with your merchant's API client id and secret: you will see your own payments only.</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : nothing}
    <form @submit=${submit}>
      <label>Client id <input name="client_id" autocomplete="username" required></label>
      <label>Client secret <input name="client_secret" type="password" autocomplete="current-password" required></label>
      <button type="submit">Sign in</button>
    </form>
  </section>`;
}
