/**
 * The per-state rules of the merchant's theme (Theme.rules → `--ef-focus-*`,
 * `--ef-invalid-*`, `--ef-complete-*`, public FieldStyles): the inputs' text, background and
 * border colours while focused, while showing an error, and once complete. Each falls back
 * to the form's own look (styles.ts) when the merchant set nothing; values come only through
 * the allow-list. A separate sheet, adopted after the form's own.
 */
import { css } from './stylesheet';

export const themeStateStyles = css`
  .ef-input[data-complete]:not(:disabled) {
    color: var(--ef-complete-color-text, var(--_text));
    background-color: var(--ef-complete-color-background, var(--_bg));
    border-color: var(--ef-complete-color-border, var(--_border));
  }

  .ef-input:focus:not(:disabled) {
    color: var(--ef-focus-color-text, var(--_text));
    background-color: var(--ef-focus-color-background, var(--_bg));
    border-color: var(--ef-focus-color-border, var(--_focus));
  }

  .ef-input[aria-invalid='true']:not(:disabled) {
    color: var(--ef-invalid-color-text, var(--_text));
    background-color: var(--ef-invalid-color-background, var(--_bg));
    border-color: var(--ef-invalid-color-border, var(--_error));
  }
`;
