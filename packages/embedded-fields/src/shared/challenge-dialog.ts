/**
 * The ONE 3-D Secure challenge dialog, for the merchant page (Embedded Fields) and the hosted
 * page alike: a native modal `<dialog>` (showModal: the page behind is inert) inside the
 * open shadow root of a `[data-embedded-fields="challenge"]` holder, holding the ACS's
 * iframe sized by challengeWindowSize (05, and any small screen, fill the viewport).
 *
 * - Accessible name: the localized title; focus stays inside (focus sentinels send Tab from
 *   the ACS frame back to Close and Shift+Tab from Close into the frame, as braintree's
 *   hosted fields do around their frames); focus returns where it was afterwards.
 * - Escape and Close cancel (outcome `closed`); the page behind does not scroll meanwhile.
 * - The CReq is posted into the iframe by a form; the only answer taken is
 *   CHALLENGE_RESPONSE from the ACS origin, sent by that very iframe. Even then it is only
 *   a signal that the challenge ended: the gateway decides the outcome from its ACS record.
 *
 * Built with DOM APIs and textContent (no HTML strings) and styled through a constructed
 * stylesheet and CSSOM, which neither a merchant's CSP nor the hosted page's blocks.
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
  /** The dialog's accessible name and the ACS frame's title. */
  title: string;
  close: string;
  /** A line under the title (the hosted page says what the bank asks). */
  help?: string;
}

export interface OpenChallenge {
  outcome: Promise<ChallengeOutcome>;
  /** Closes the dialog; settles as closed unless the ACS answered first. */
  close(): void;
}

/** Below this the issuer's window (up to 600x400 or 500x600) cannot fit: full screen. */
const SMALL_SCREEN = '(max-width: 640px), (max-height: 640px)';

const CSS = `
:host { all: initial; }
dialog { padding: 0; border: 0; border-radius: 12px; background: #fff; color: #111827;
  font-family: system-ui, sans-serif; box-shadow: 0 20px 50px rgba(0, 0, 0, .35);
  box-sizing: border-box; width: var(--acs-width, auto);
  max-width: 100vw; max-width: 100dvw; max-height: 100vh; max-height: 100dvh; overflow: auto; }
dialog[open] { display: flex; flex-direction: column; }
dialog::backdrop { background: rgba(17, 24, 39, .6); }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 12px;
  padding: 8px 8px 8px 16px; border-bottom: 1px solid #e5e7eb; }
h2 { margin: 0; font-size: 1rem; font-weight: 600; }
p { margin: 0; padding: 8px 16px; font-size: .9rem; color: #4b5563; }
button { font: inherit; font-size: .9rem; border: 1px solid #9ca3af; background: #fff; color: #111827;
  border-radius: 8px; padding: 6px 12px; cursor: pointer; }
button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
iframe { display: block; border: 0; background: #fff; flex: 0 0 auto; max-width: 100%;
  width: var(--acs-width, 100%); height: var(--acs-height, 100%); }
.full { width: 100vw; width: 100dvw; height: 100vh; height: 100dvh; border-radius: 0; }
.full iframe { flex: 1 1 auto; width: 100%; height: auto; min-height: 0; }
@media ${SMALL_SCREEN} {
  dialog { width: 100vw; width: 100dvw; height: 100vh; height: 100dvh; border-radius: 0; }
  iframe { flex: 1 1 auto; width: 100%; height: auto; min-height: 0; }
}
`;

let sheet: CSSStyleSheet | undefined;
let opened = 0;

export function openChallengeDialog(request: ChallengeRequest, labels: ChallengeLabels, parent: HTMLElement = document.body): OpenChallenge {
  opened += 1;
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const holder = document.createElement('div');
  holder.setAttribute('data-embedded-fields', 'challenge');
  // Open: QA tools and assistive tech reach it; nothing secret lives here (the ACS is cross-origin).
  const root = holder.attachShadow({ mode: 'open' });
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(CSS);
  root.adoptedStyleSheets = [sheet];

  const full = request.windowSize === '05';
  const dialog = element('dialog', { class: full ? 'full' : '', 'aria-labelledby': 'challenge-title' });
  const bar = element('div', { class: 'bar' });
  const title = element('h2', { id: 'challenge-title' });
  title.textContent = labels.title;
  const close = element('button', { type: 'button', autofocus: '' });
  close.textContent = labels.close;
  const frameName = `ef-challenge-${opened}-${Math.random().toString(36).slice(2)}`;
  const iframe = element('iframe', { name: frameName, title: labels.title });
  if (!full) {
    dialog.style.setProperty('--acs-width', request.width);
    dialog.style.setProperty('--acs-height', request.height);
  }
  const before = sentinel(() => iframe.focus());
  const after = sentinel(() => close.focus());
  bar.append(title, close);
  dialog.append(before, bar);
  if (labels.help) {
    const help = element('p', { id: 'challenge-help' });
    help.textContent = labels.help;
    dialog.setAttribute('aria-describedby', 'challenge-help');
    dialog.append(help);
  }
  dialog.append(iframe, after);
  root.append(dialog);
  parent.append(holder);

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
  // The browser may close a modal by itself (a repeated Escape): that cancels too.
  dialog.addEventListener('close', () => settle({ kind: 'closed' }));
  close.addEventListener('click', () => settle({ kind: 'closed' }));

  const unlockScroll = lockScroll();
  dialog.showModal();
  close.focus();

  // Post the CReq into the iframe (the form lives in the shadow root, out of the page's way).
  const form = element('form', { method: 'post', action: request.acsUrl, target: frameName });
  const field = element('input', { type: 'hidden', name: 'creq' });
  field.value = request.creq;
  form.append(field);
  root.append(form);
  form.submit();
  form.remove();

  void outcome.then(() => {
    window.removeEventListener('message', onMessage);
    if (dialog.open) dialog.close();
    holder.remove();
    unlockScroll();
    if (previousFocus?.isConnected) previousFocus.focus();
  });
  return { outcome, close: () => settle({ kind: 'closed' }) };
}

/** Keeps the page behind from scrolling; answers how to put it back as it was. */
function lockScroll(): () => void {
  const html = document.documentElement;
  const previous = html.style.getPropertyValue('overflow');
  const priority = html.style.getPropertyPriority('overflow');
  html.style.setProperty('overflow', 'hidden', 'important');
  return () => {
    if (previous) html.style.setProperty('overflow', previous, priority);
    else html.style.removeProperty('overflow');
  };
}

/** A focusable, invisible stop that hands focus on (Tab leaving the ACS frame, Shift+Tab leaving Close). */
function sentinel(onFocus: () => void): HTMLSpanElement {
  const stop = element('span', { tabindex: '0' });
  stop.addEventListener('focus', onFocus);
  return stop;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}
