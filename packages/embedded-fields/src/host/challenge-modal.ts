/**
 * The 3-D Secure challenge over the merchant page: an accessible modal dialog holding the
 * ACS's iframe, sized by challengeWindowSize. The CReq is posted into the iframe by a form;
 * the only answer accepted is CHALLENGE_RESPONSE from the ACS origin, from that iframe.
 *
 * Built with DOM APIs in a shadow root (merchant CSS cannot reach it; no HTML strings) and
 * styled through CSSOM, which a merchant's CSP does not block.
 */
import { acceptChallengeResponse } from '@payments/core';
import type { ChallengeOutcome, ChallengeRequest } from '../shared/protocol';

const CSS = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(17, 24, 39, .55);
  display: flex; align-items: center; justify-content: center; font-family: system-ui, sans-serif; }
.dialog { background: #fff; border-radius: 12px; box-shadow: 0 20px 50px rgba(0,0,0,.35);
  display: flex; flex-direction: column; max-width: 100vw; max-height: 100vh; overflow: hidden; }
.dialog.full { width: 100vw; height: 100vh; border-radius: 0; }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 1rem;
  padding: .5rem .5rem .5rem 1rem; border-bottom: 1px solid #e5e7eb; }
h2 { font-size: 1rem; margin: 0; color: #111827; font-weight: 600; }
button { font: inherit; font-size: .9rem; border: 1px solid #9ca3af; background: #fff; color: #111827;
  border-radius: 8px; padding: .4rem .8rem; cursor: pointer; }
button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
iframe { border: 0; display: block; background: #fff; flex: 0 0 auto; max-width: 100vw; max-height: calc(100vh - 3.5rem); }
.full iframe { flex: 1 1 auto; max-height: none; }
`;

let sheet: CSSStyleSheet | undefined;

export interface OpenChallenge {
  outcome: Promise<ChallengeOutcome>;
  close(): void;
}

export function openChallenge(request: ChallengeRequest, labels: { title: string; close: string }): OpenChallenge {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const holder = document.createElement('div');
  holder.setAttribute('data-embedded-fields', 'challenge');
  // Open: QA tools and assistive tech reach it; nothing secret lives here (the ACS is cross-origin).
  const root = holder.attachShadow({ mode: 'open' });
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(CSS);
  root.adoptedStyleSheets = [sheet];

  const backdrop = element('div', { class: 'backdrop' });
  const titleId = 'ef-challenge-title';
  const dialog = element('div', { class: request.windowSize === '05' ? 'dialog full' : 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId });
  const bar = element('div', { class: 'bar' });
  const title = element('h2', { id: titleId });
  title.textContent = labels.title;
  const close = element('button', { type: 'button' });
  close.textContent = labels.close;
  const frameName = `ef-challenge-${Math.random().toString(36).slice(2)}`;
  const iframe = element('iframe', { name: frameName, title: labels.title });
  if (request.windowSize === '05') {
    Object.assign(iframe.style, { width: '100%', height: '100%' });
  } else {
    Object.assign(iframe.style, { width: request.width, height: request.height });
  }
  bar.append(title, close);
  dialog.append(bar, iframe);
  backdrop.append(dialog);
  root.append(backdrop);
  document.body.append(holder);

  // Post the CReq into the iframe (the form lives in the shadow root, out of the page's way).
  const form = element('form', { method: 'post', action: request.acsUrl, target: frameName });
  const field = element('input', { type: 'hidden', name: 'creq' });
  field.value = request.creq;
  form.append(field);
  root.append(form);
  form.submit();
  form.remove();

  let settle: (outcome: ChallengeOutcome) => void = () => undefined;
  const outcome = new Promise<ChallengeOutcome>((resolve) => {
    settle = resolve;
  });
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return;
    const transStatus = acceptChallengeResponse({ origin: event.origin, data: event.data }, request.acsOrigin);
    if (transStatus) settle({ kind: 'response', transStatus });
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') settle({ kind: 'closed' });
    if (event.key === 'Tab') {
      // Keep focus inside the dialog: the close button and the ACS frame.
      event.preventDefault();
      (root.activeElement === close ? iframe : close).focus();
    }
  };
  window.addEventListener('message', onMessage);
  backdrop.addEventListener('keydown', onKey);
  close.addEventListener('click', () => settle({ kind: 'closed' }));
  close.focus();

  const teardown = () => {
    window.removeEventListener('message', onMessage);
    holder.remove();
    previousFocus?.focus();
  };
  void outcome.then(teardown);
  return {
    outcome,
    close: () => settle({ kind: 'closed' }),
  };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}
