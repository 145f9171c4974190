/**
 * The card form's marks: each brand's (brand-marks.ts, loaded when a brand first shows), a
 * generic card, and the CVV's place on the card. Drawn as SVG templates (no images, no
 * innerHTML).
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit/html.js';
import { retriedImport } from './retried-import';

/** The brands' marks, loaded on demand (their own chunk: the form is ready before a brand is typed). */
let brandDrawings: Readonly<Record<string, () => SVGTemplateResult>> | undefined;
let loadingBrands: Promise<void> | undefined;

const importBrandMarks = retriedImport(() => import('./brand-marks'));

/** Loads the brands' marks once; a failed load is tried again on the next call. */
export function loadBrandMarks(): Promise<void> {
  loadingBrands ??= importBrandMarks().then(
    (module) => {
      brandDrawings = module.BRAND_MARKS;
    },
    (error: unknown) => {
      loadingBrands = undefined;
      throw error;
    },
  );
  return loadingBrands;
}

/** True once the brands' marks are loaded: until then every brand shows the generic card. */
export function brandMarksLoaded(): boolean {
  return brandDrawings !== undefined;
}

/** A generic card, for a number whose brand is not known yet. */
const UNKNOWN_MARK = svg`<rect x="0.75" y="0.75" width="38.5" height="24.5" rx="3.5" fill="#f3f4f6" stroke="#868e9c" stroke-width="1.2" />
  <rect x="1" y="6" width="38" height="4" fill="#868e9c" />
  <rect x="5" y="15" width="12" height="2.5" rx="1.25" fill="#868e9c" />`;

/** The mark of a brand id (ours), or the generic card. */
export function brandMark(id: string | undefined): TemplateResult {
  const draw = id ? brandDrawings?.[id] : undefined;
  return html`<svg viewBox="0 0 40 26" focusable="false" data-brand=${id ?? 'unknown'}>${draw ? draw() : UNKNOWN_MARK}</svg>`;
}

/**
 * A card's back with the security code's place (4 digits for Amex, on its front). The digits
 * are dots, not <text>: a text in the form's first drawing cost the frame a font lookup of
 * its own (another family and weight) and an SVG text layout before it could report ready.
 */
export function cvvMark(length: 3 | 4): TemplateResult {
  return html`<svg viewBox="0 0 40 26" focusable="false" data-cvv=${length}>
    <rect x="0.75" y="0.75" width="38.5" height="24.5" rx="3.5" fill="#f3f4f6" stroke="#868e9c" stroke-width="1.2" />
    ${length === 4
      ? svg`<rect x="21" y="11" width="14" height="7" rx="1.5" fill="#fff" stroke="#0a5ad4" stroke-width="1" />
          <circle cx="24.1" cy="14.5" r="1.1" fill="#1a1f36" /><circle cx="26.7" cy="14.5" r="1.1" fill="#1a1f36" /><circle cx="29.3" cy="14.5" r="1.1" fill="#1a1f36" /><circle cx="31.9" cy="14.5" r="1.1" fill="#1a1f36" />`
      : svg`<rect x="1" y="4.5" width="38" height="5" fill="#868e9c" />
          <rect x="5" y="13" width="18" height="6" rx="1" fill="#fff" stroke="#c9ced6" stroke-width="0.8" />
          <rect x="24" y="12" width="12" height="8" rx="1.5" fill="#fff" stroke="#0a5ad4" stroke-width="1" />
          <circle cx="27.2" cy="16" r="1.1" fill="#1a1f36" /><circle cx="30" cy="16" r="1.1" fill="#1a1f36" /><circle cx="32.8" cy="16" r="1.1" fill="#1a1f36" />`}
  </svg>`;
}
