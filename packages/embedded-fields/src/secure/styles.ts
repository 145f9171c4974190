/**
 * The card form's stylesheet. The form renders into light DOM (so browser autofill sees
 * every card field in one form), so every rule is scoped by the `ef-card-form` element or an
 * `ef-` class, and the sheet is adopted on the frame document once.
 *
 * Everything a merchant may change comes through the allow-listed `--ef-*` variables
 * (public FieldStyles), read once into private `--_*` variables with defaults that meet
 * WCAG AA on white: text 16:1, placeholder 4.8:1, borders 3.3:1 (non-text), error 6.2:1,
 * focus 6.1:1. Inputs never go below 16px, so iOS does not zoom on focus. Focus is shown by
 * a 2px ring inside the input (never clipped by the iframe's edge) plus a soft halo; a
 * transparent outline stays for Windows forced-colours mode.
 */
import { css } from './stylesheet';

export const cardFormStyles = css`
  ef-card-form,
  ef-apm-form {
    --_font: var(
      --ef-font-family,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Helvetica Neue',
      Arial,
      sans-serif
    );
    --_size: var(--ef-font-size, 16px);
    --_weight: var(--ef-font-weight, 400);
    --_text: var(--ef-color-text, #1a1f36);
    --_placeholder: var(--ef-color-placeholder, #6b7280);
    --_bg: var(--ef-color-background, #ffffff);
    --_border: var(--ef-color-border, #868e9c);
    --_focus: var(--ef-color-focus, #0a5ad4);
    --_error: var(--ef-color-error, #c0152f);
    --_label: var(--ef-color-label, #30313d);
    --_radius: var(--ef-radius, 6px);
    --_gap: var(--ef-spacing, 14px);
    --_pad: var(--ef-input-padding, 11px 12px);
    --_bw: var(--ef-border-width, 1px);
    --_small: max(13px, calc(var(--_size) * 0.875));
    --_ease: 150ms cubic-bezier(0.2, 0, 0, 1);

    /* Room for the focus halo: the iframe's edge would clip it. Hosts may offset the
       iframe by -3px to align the fields with the page. */
    --_bleed: 3px;

    display: block;
    container: ef-card-form / inline-size;
    padding: var(--_bleed);
    min-width: 0;
    font-family: var(--_font);
    font-size: var(--_size);
    font-weight: var(--_weight);
    line-height: 1.4;
    color: var(--_text);
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  /* The frame document holds nothing else: no stray margin under the measured height. */
  body:has(> ef-card-form),
  body:has(> ef-apm-form) {
    margin: 0;
  }

  ef-card-form *,
  ef-card-form *::before,
  ef-card-form *::after {
    box-sizing: border-box;
  }

  .ef-form {
    display: grid;
    gap: var(--_gap);
    margin: 0;
    padding: 0;
  }

  .ef-row {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_gap);
  }

  /* Side by side when the frame is wider than 300px (the query sees the content box). */
  @container ef-card-form (min-width: 295px) {
    .ef-row {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    }
  }

  .ef-field {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    min-width: 0;
  }

  .ef-label {
    align-self: flex-start;
    margin-bottom: 6px;
    font-size: var(--_small);
    font-weight: 500;
    line-height: 1.3;
    color: var(--_label);
  }

  .ef-control {
    position: relative;
    display: flex;
    align-items: center;
  }

  .ef-input {
    display: block;
    width: 100%;
    min-width: 0;
    min-height: 44px;
    margin: 0;
    padding: var(--_pad);
    font: inherit;
    font-size: max(16px, var(--_size));
    font-variant-numeric: tabular-nums;
    letter-spacing: 0.01em;
    line-height: 1.25;
    color: var(--_text);
    background: var(--_bg);
    border: var(--_bw) solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: 0 1px 2px rgba(16, 24, 40, 0.06);
    outline: 2px solid transparent;
    outline-offset: 1px;
    appearance: none;
    -webkit-appearance: none;
    transition:
      border-color var(--_ease),
      box-shadow var(--_ease),
      background-color var(--_ease);
  }

  .ef-input::placeholder {
    color: var(--_placeholder);
    opacity: 1;
  }

  .ef-input:hover:not(:focus):not(:disabled) {
    border-color: color-mix(in srgb, var(--_border) 55%, var(--_text));
  }

  .ef-input:focus {
    border-color: var(--_focus);
    box-shadow:
      inset 0 0 0 1px var(--_focus),
      0 0 0 3px rgba(10, 90, 212, 0.2);
    box-shadow:
      inset 0 0 0 1px var(--_focus),
      0 0 0 3px color-mix(in srgb, var(--_focus) 22%, transparent);
  }

  .ef-input[aria-invalid='true'] {
    border-color: var(--_error);
  }

  .ef-input[aria-invalid='true']:focus {
    box-shadow:
      inset 0 0 0 1px var(--_error),
      0 0 0 3px rgba(192, 21, 47, 0.18);
    box-shadow:
      inset 0 0 0 1px var(--_error),
      0 0 0 3px color-mix(in srgb, var(--_error) 20%, transparent);
  }

  .ef-input:disabled {
    cursor: progress;
    opacity: 1;
    color: color-mix(in srgb, var(--_text) 70%, var(--_bg));
    -webkit-text-fill-color: color-mix(in srgb, var(--_text) 70%, var(--_bg));
    background: color-mix(in srgb, var(--_bg) 94%, var(--_text));
  }

  /* Room for the brand mark or the CVV hint at the end of the input. */
  .ef-input--with-mark {
    padding-inline-end: 54px;
  }

  .ef-mark {
    position: absolute;
    inset-inline-end: 10px;
    display: flex;
    pointer-events: none;
  }

  .ef-mark svg {
    display: block;
    width: 34px;
    height: 22px;
    border-radius: 3px;
  }

  /* A brand found, or Amex's 4-digit code: the mark that changes comes in. The generic card
     and the 3-digit hint are there from the first drawing, which the frame's own form redraws
     as it takes over the gateway's (first-view/take-over.ts): they must not blink then. */
  .ef-mark svg:is([data-brand]:not([data-brand='unknown']), [data-cvv='4']) {
    animation: ef-mark-in 180ms cubic-bezier(0.2, 0, 0, 1);
  }

  @keyframes ef-mark-in {
    from {
      opacity: 0;
      transform: scale(0.85);
    }
  }

  .ef-error {
    margin: 0;
    font-size: var(--_small);
    line-height: 1.35;
    color: var(--_error);
  }

  /* Kept in the page while empty: a live region must exist before its text changes. */
  .ef-error:not(:empty) {
    margin-top: 6px;
    animation: ef-error-in 160ms ease-out;
  }

  @keyframes ef-error-in {
    from {
      opacity: 0;
      transform: translateY(-2px);
    }
  }

  /* saved-card: the card the shopper pays with, above its CVV field. */
  .ef-saved {
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
    padding: 12px 14px;
    border: var(--_bw) solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    background: color-mix(in srgb, var(--_bg) 96%, var(--_text));
  }

  .ef-saved svg {
    flex: none;
    display: block;
    width: 40px;
    height: 26px;
    border-radius: 4px;
  }

  .ef-saved-text {
    display: grid;
    min-width: 0;
  }

  .ef-saved-number {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .ef-saved-expiry {
    font-size: var(--_small);
    color: var(--_label);
  }

  .ef-saved-expiry--expired {
    font-weight: 600;
    color: var(--_error);
  }

  .ef-check {
    display: flex;
    align-items: flex-start;
    gap: 10px;
    justify-self: start;
    min-height: 24px;
    font-size: var(--_small);
    color: var(--_label);
    cursor: pointer;
  }

  .ef-check input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: var(--_focus);
    cursor: pointer;
  }

  .ef-check input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  .ef-check input:disabled,
  .ef-check input:disabled + span {
    cursor: progress;
  }

  .ef-form-message {
    margin: 0;
    padding: 10px 12px;
    font-size: var(--_small);
    color: var(--_error);
    background: #fdf2f4;
    background: color-mix(in srgb, var(--_error) 7%, var(--_bg));
    border: 1px solid color-mix(in srgb, var(--_error) 40%, var(--_bg));
    border-radius: var(--_radius);
  }

  .ef-sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    ef-card-form *,
    ef-card-form *::before,
    ef-card-form *::after {
      animation: none !important;
      transition: none !important;
    }
  }

  @media (forced-colors: active) {
    .ef-input:focus {
      outline-color: Highlight;
      outline-offset: -3px;
    }
    .ef-input[aria-invalid='true'] {
      border-style: dashed;
    }
  }
`;
