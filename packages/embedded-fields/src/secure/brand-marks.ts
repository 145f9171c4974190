/** Each card brand's mark, drawn as SVG (card-marks.ts loads this module on demand). */
import { svg, type SVGTemplateResult } from 'lit/html.js';

const frame = (fill: string, stroke = fill): SVGTemplateResult =>
  svg`<rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill=${fill} stroke=${stroke} />`;

export const BRAND_MARKS: Readonly<Record<string, () => SVGTemplateResult>> = {
  visa: () => svg`${frame('#1434cb')}
    <text x="20" y="17.2" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="11.5" font-weight="800" font-style="italic" letter-spacing="0.3">VISA</text>`,
  mastercard: () => svg`${frame('#1f1f1f')}
    <circle cx="15.5" cy="13" r="7.5" fill="#eb001b" />
    <circle cx="24.5" cy="13" r="7.5" fill="#f79e1b" fill-opacity="0.9" />
    <path d="M20 7a7.5 7.5 0 0 1 0 12a7.5 7.5 0 0 1 0-12z" fill="#ff5f00" />`,
  maestro: () => svg`${frame('#1f1f1f')}
    <circle cx="15.5" cy="13" r="7.5" fill="#eb001b" />
    <circle cx="24.5" cy="13" r="7.5" fill="#0099df" fill-opacity="0.92" />
    <path d="M20 7a7.5 7.5 0 0 1 0 12a7.5 7.5 0 0 1 0-12z" fill="#7375cf" />`,
  amex: () => svg`${frame('#1f72cd')}
    <text x="20" y="16.6" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="9.5" font-weight="800" letter-spacing="0.4">AMEX</text>`,
  discover: () => svg`${frame('#ffffff', '#c9ced6')}
    <text x="17.5" y="15.8" text-anchor="middle" fill="#231f20" font-family="Arial, Helvetica, sans-serif" font-size="6.6" font-weight="700" letter-spacing="0.1">DISCOVER</text>
    <circle cx="33.2" cy="13.5" r="2.6" fill="#f48120" />`,
  diners: () => svg`${frame('#ffffff', '#c9ced6')}
    <circle cx="20" cy="13" r="8" fill="#0079be" />
    <circle cx="17" cy="13" r="4.4" fill="none" stroke="#fff" stroke-width="1.4" />
    <circle cx="23" cy="13" r="4.4" fill="none" stroke="#fff" stroke-width="1.4" />`,
  jcb: () => svg`${frame('#ffffff', '#c9ced6')}
    <rect x="7" y="5" width="8.4" height="16" rx="2.4" fill="#0e4c96" />
    <rect x="15.8" y="5" width="8.4" height="16" rx="2.4" fill="#e21836" />
    <rect x="24.6" y="5" width="8.4" height="16" rx="2.4" fill="#007b40" />
    <text x="20" y="16.4" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="7.4" font-weight="800" letter-spacing="3.3">JCB</text>`,
  unionpay: () => svg`${frame('#ffffff', '#c9ced6')}
    <path d="M9 5h8l-3 16H6z" fill="#e21836" />
    <path d="M16 5h8l-3 16h-8z" fill="#00447c" />
    <path d="M23 5h9l-3 16h-9z" fill="#007b84" />
    <text x="20.5" y="15.6" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="6.4" font-weight="800">UP</text>`,
  cartes_bancaires: () => svg`${frame('#ffffff', '#c9ced6')}
    <path d="M6 4h22a6 6 0 0 1 6 6v6a6 6 0 0 1-6 6H6z" fill="#005b9a" />
    <path d="M20 4h8a6 6 0 0 1 6 6v6a6 6 0 0 1-6 6h-8z" fill="#00a3a6" />
    <text x="20" y="17.2" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="10.5" font-weight="800" letter-spacing="0.6">CB</text>`,
};

