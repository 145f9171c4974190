/**
 * The page's icons, drawn inline (no image requests, no icon font), decorative: every one
 * is aria-hidden and sits beside a text that says the same. How they are stroked is the
 * stylesheet's (`.icon` in base.css), not repeated on each one.
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit/html.js';

const PATHS: Readonly<Record<string, SVGTemplateResult>> = {
  lock: svg`<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>`,
  card: svg`<rect x="2.5" y="5" width="19" height="14" rx="2.5"/><path d="M2.5 10h19M6 15h4"/>`,
  wallet: svg`<path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3"/><rect x="3.5" y="7.5" width="17" height="12" rx="2.5"/><path d="M16 13.5h1.5"/>`,
  bank: svg`<path d="M3 9.5 12 4l9 5.5M5 10v7M9.5 10v7M14.5 10v7M19 10v7M3.5 20h17"/>`,
  phone: svg`<rect x="6.5" y="2.5" width="11" height="19" rx="2.5"/><path d="M10.5 18.5h3"/>`,
  globe: svg`<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>`,
  check: svg`<circle cx="12" cy="12" r="9.5"/><path d="m7.5 12.5 3 3 6-6.5"/>`,
  clock: svg`<circle cx="12" cy="12" r="9.5"/><path d="M12 7v5l3.5 2"/>`,
  alert: svg`<circle cx="12" cy="12" r="9.5"/><path d="M12 7.5v5.5M12 16.5v.5"/>`,
  link: svg`<path d="M9.5 14.5 14.5 9.5M10 6.5l1.5-1.5a4 4 0 0 1 5.7 5.7L15.5 12.5M14 17.5 12.5 19a4 4 0 0 1-5.7-5.7l1.7-1.8"/>`,
  arrow: svg`<path d="M15 6l-6 6 6 6"/>`,
};

export type IconName = 'lock' | 'card' | 'wallet' | 'bank' | 'phone' | 'globe' | 'check' | 'clock' | 'alert' | 'link' | 'arrow';

export function icon(name: IconName, className = 'icon'): TemplateResult {
  return html`<svg class=${className} viewBox="0 0 24 24" aria-hidden="true">${PATHS[name]}</svg>`;
}

/** A card network's mark, small, beside the card option (Visa and Mastercard shapes). */
export function networkMarks(): TemplateResult {
  return html`<span class="marks" aria-hidden="true">
    <svg viewBox="0 0 40 26" class="mark">
      <rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill="#1434cb" />
      <text x="20" y="17.2" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="11.5" font-weight="800" font-style="italic">VISA</text>
    </svg>
    <svg viewBox="0 0 40 26" class="mark">
      <rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill="#1f1f1f" />
      <circle cx="15.5" cy="13" r="7.5" fill="#eb001b" />
      <circle cx="24.5" cy="13" r="7.5" fill="#f79e1b" fill-opacity="0.9" />
      <path d="M20 7a7.5 7.5 0 0 1 0 12a7.5 7.5 0 0 1 0-12z" fill="#ff5f00" />
    </svg>
  </span>`;
}
