/**
 * The screens that end or stop a checkout: payment successful, authorized or pending, and
 * the clear pages for an expired, completed, unknown or unreachable session. Each has one
 * heading (focused when the page moves there), one sentence, and at most one action: a
 * plain link the gateway turns into the merchant's URL, or Try again.
 */
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { icon, type IconName } from './icons';

export interface NoticeModel {
  tone: 'success' | 'pending' | 'error' | 'info';
  title: string;
  body: string;
  /** A second, quieter sentence (e.g. that the page returns to the merchant by itself). */
  note?: string;
  details?: readonly { label: string; value: string }[];
  action?: { kind: 'link'; href: string; label: string } | { kind: 'button'; label: string; run: () => void };
}

const ICONS: Readonly<Record<NoticeModel['tone'], IconName>> = { success: 'check', pending: 'clock', error: 'alert', info: 'clock' };

export function noticeView(model: NoticeModel): TemplateResult {
  return html`<section class="notice notice--${model.tone}" aria-labelledby="hpp-notice-title">
    <span class="notice-icon">${icon(ICONS[model.tone], 'icon icon--large')}</span>
    <h1 id="hpp-notice-title" class="notice-title" tabindex="-1">${model.title}</h1>
    <p class="notice-body">${model.body}</p>
    ${model.note ? html`<p class="notice-note">${model.note}</p>` : nothing}
    ${model.details?.length
      ? html`<dl class="notice-details">
          ${model.details.map((d) => html`<div><dt>${d.label}</dt><dd>${d.value}</dd></div>`)}
        </dl>`
      : nothing}
    ${model.action?.kind === 'link'
      ? html`<a class="button button--primary notice-action" href=${model.action.href}>${model.action.label}</a>`
      : model.action?.kind === 'button'
        ? html`<button type="button" class="button button--primary notice-action" @click=${model.action.run}>${model.action.label}</button>`
        : nothing}
  </section>`;
}
