/**
 * The 3-D Secure challenge on the hosted page: a native modal <dialog> (the rest of the page
 * is inert while it is open, Escape cancels, focus returns where it was) holding the ACS's
 * iframe, sized by challengeWindowSize (05 fills the screen). The CReq is posted into the
 * iframe by a form; the only answer taken is CHALLENGE_RESPONSE from the ACS origin, sent by
 * that very iframe (the ACS posts it to the gateway origin for hosted-page transactions).
 *
 * Built with DOM APIs and textContent: no HTML strings, no inline styles in markup (sizes
 * are set through CSSOM, which the page's CSP allows).
 */
import { acceptChallengeResponse, type ChallengeWindowSize, type TransStatus } from '@payments/core';

export interface ChallengeRequest {
  acsUrl: string;
  acsOrigin: string;
  creq: string;
  windowSize: ChallengeWindowSize;
  width: string;
  height: string;
}

export type ChallengeOutcome = { kind: 'response'; transStatus: TransStatus } | { kind: 'closed' };

export interface ChallengeLabels {
  title: string;
  help: string;
  close: string;
}

export interface OpenChallenge {
  outcome: Promise<ChallengeOutcome>;
  /** Closes the dialog; settles as closed unless the ACS answered first. */
  close(): void;
}

let opened = 0;

export function openChallengeDialog(request: ChallengeRequest, labels: ChallengeLabels, host: HTMLElement = document.body): OpenChallenge {
  opened += 1;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const titleId = `hpp-challenge-title-${opened}`;
  const helpId = `hpp-challenge-help-${opened}`;
  const full = request.windowSize === '05';

  const dialog = element('dialog', { class: full ? 'challenge challenge--full' : 'challenge', 'aria-labelledby': titleId, 'aria-describedby': helpId });
  const bar = element('div', { class: 'challenge-bar' });
  const title = element('h2', { id: titleId, class: 'challenge-title' });
  title.textContent = labels.title;
  const close = element('button', { type: 'button', class: 'button button--quiet challenge-close' });
  close.textContent = labels.close;
  const help = element('p', { id: helpId, class: 'challenge-help' });
  help.textContent = labels.help;
  const frameName = `hpp-challenge-${opened}-${Math.random().toString(36).slice(2)}`;
  const iframe = element('iframe', { name: frameName, title: labels.title, class: 'challenge-frame' });
  if (!full) {
    // The dialog is as wide as the issuer's window, so its header and help text wrap to it.
    dialog.style.width = request.width;
    iframe.style.width = request.width;
    iframe.style.height = request.height;
  }
  bar.append(title, close);
  dialog.append(bar, help, iframe);
  host.append(dialog);

  let settle: (outcome: ChallengeOutcome) => void = () => undefined;
  const outcome = new Promise<ChallengeOutcome>((resolve) => {
    settle = resolve;
  });
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return;
    const transStatus = acceptChallengeResponse({ origin: event.origin, data: event.data }, request.acsOrigin);
    if (transStatus) settle({ kind: 'response', transStatus });
  };
  window.addEventListener('message', onMessage);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault(); // Escape: we close it ourselves, once
    settle({ kind: 'closed' });
  });
  close.addEventListener('click', () => settle({ kind: 'closed' }));

  dialog.showModal();
  // Post the CReq into the iframe.
  const form = element('form', { method: 'post', action: request.acsUrl, target: frameName, class: 'hidden' });
  const field = element('input', { type: 'hidden', name: 'creq' });
  field.value = request.creq;
  form.append(field);
  dialog.append(form);
  form.submit();
  form.remove();

  void outcome.then(() => {
    window.removeEventListener('message', onMessage);
    if (dialog.open) dialog.close();
    dialog.remove();
    if (previousFocus?.isConnected) previousFocus.focus();
  });
  return { outcome, close: () => settle({ kind: 'closed' }) };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}
