/**
 * The alternative-payment-method form's own rules, on top of the card form's sheet (whose
 * `--_*` variables, inputs, labels, errors and messages it shares, from the same allow-listed
 * `--ef-*` merchant variables). The method list: large radio rows (44px targets), the
 * chosen one outlined in the focus colour, its panel below it.
 */
import { css } from './stylesheet';

export const apmFormStyles = css`
  ef-apm-form *,
  ef-apm-form *::before,
  ef-apm-form *::after {
    box-sizing: border-box;
  }

  .ef-methods {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }

  .ef-methods > legend {
    padding: 0;
  }

  .ef-method-list {
    display: grid;
    border: var(--_bw) solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    overflow: hidden;
  }

  .ef-method + .ef-method {
    border-top: var(--_bw) solid color-mix(in srgb, var(--_border) 55%, var(--_bg));
  }

  .ef-method--selected {
    background: color-mix(in srgb, var(--_focus) 5%, var(--_bg));
    box-shadow: inset 3px 0 0 var(--_focus);
  }

  .ef-method-choice {
    display: flex;
    align-items: center;
    gap: 12px;
    min-height: 52px;
    padding: 10px 14px;
    cursor: pointer;
  }

  .ef-method-choice input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: var(--_focus);
    cursor: pointer;
  }

  .ef-method-choice input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 3px;
  }

  .ef-method-mark {
    display: flex;
    flex: none;
  }

  .ef-method-mark svg {
    display: block;
    width: 40px;
    height: 26px;
  }

  .ef-method-name {
    font-weight: 500;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  .ef-method-panel {
    display: grid;
    gap: var(--_gap);
    padding: 2px 14px 14px 44px;
  }

  @container ef-card-form (max-width: 300px) {
    .ef-method-panel {
      padding-left: 14px;
    }
  }

  .ef-select {
    background-image: linear-gradient(45deg, transparent 50%, var(--_label) 50%), linear-gradient(135deg, var(--_label) 50%, transparent 50%);
    background-position:
      calc(100% - 18px) 50%,
      calc(100% - 13px) 50%;
    background-size: 5px 5px;
    background-repeat: no-repeat;
    padding-inline-end: 36px;
  }

  .ef-hint {
    margin: -2px 0 6px;
    font-size: var(--_small);
    color: var(--_label);
  }

  .ef-method-note {
    margin: 0;
    font-size: var(--_small);
    color: var(--_label);
  }

  .ef-apm-empty {
    margin: 0;
    padding: 12px 14px;
    border: var(--_bw) dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_label);
  }

  @media (prefers-reduced-motion: reduce) {
    ef-apm-form *,
    ef-apm-form *::before,
    ef-apm-form *::after {
      animation: none !important;
      transition: none !important;
    }
  }

  @media (forced-colors: active) {
    .ef-method--selected {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }
  }
`;
