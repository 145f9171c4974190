/**
 * The alternative methods' marks, drawn (no images: no network, no innerHTML): a small
 * badge per family or brand, decorative only (the method's name is the accessible text).
 */
import { svg, type SVGTemplateResult } from 'lit/html.js';
import type { AlternativeMethodFamily } from '@payments/core';

const badge = (fill: string, stroke = fill): SVGTemplateResult =>
  svg`<rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill=${fill} stroke=${stroke} />`;

const letter = (text: string, fill = '#fff', size = 12): SVGTemplateResult =>
  svg`<text x="20" y="17.4" text-anchor="middle" fill=${fill} font-family="Arial, Helvetica, sans-serif" font-size=${size} font-weight="800">${text}</text>`;

const BANK = svg`<path d="M20 5.5 10 10.5h20z" fill="currentColor" />
  <rect x="11" y="11.5" width="2.4" height="7" fill="currentColor" />
  <rect x="16" y="11.5" width="2.4" height="7" fill="currentColor" />
  <rect x="21.6" y="11.5" width="2.4" height="7" fill="currentColor" />
  <rect x="26.6" y="11.5" width="2.4" height="7" fill="currentColor" />
  <rect x="9.5" y="19.3" width="21" height="2" fill="currentColor" />`;

/** The mark of a method type. */
export function methodMark(type: string, family: AlternativeMethodFamily): SVGTemplateResult {
  if (type === 'provider-x-local') {
    return svg`${badge('#1a1a1a')}${letter('blik', '#fff', 11)}<circle cx="31.5" cy="9" r="2.2" fill="#e6007e" />`;
  }
  if (type === 'wallet-a-redirect') return svg`${badge('#202124')}${letter('A Pay', '#fff', 9.5)}`;
  if (type === 'wallet-b-redirect') return svg`${badge('#5a31f4')}${letter('B Pay', '#fff', 9.5)}`;
  if (type === 'openbanking-redirect') return svg`${badge('#e6f4f1', '#0b6e5b')}<g color="#0b6e5b">${BANK}</g>`;
  if (family === 'bank') return svg`${badge('#eef2f7', '#3b4a63')}<g color="#3b4a63">${BANK}</g>`;
  if (family === 'provider-y') return svg`${badge('#c2410c')}${letter('Y', '#fff', 13)}`;
  return svg`${badge('#f3f4f6', '#868e9c')}`;
}
