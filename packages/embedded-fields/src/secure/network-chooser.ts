/**
 * A co-badged card's network choice (EU regulation 2015/751, article 8): a radio group in the
 * number field, one radio per network with its mark and name, the chosen one checked. Native
 * radios in a fieldset: Tab reaches the checked one, the arrow keys choose, and a screen reader
 * announces the legend, each network's name and which is chosen. A chunk of its own, with its
 * styles, loaded the first time a co-badged number is typed (network-choice.ts): no part of
 * the frame's or the hosted page's first download.
 */
import { html, type TemplateResult } from 'lit/html.js';
import { brandMark } from './card-marks';
import { adoptStyles } from './form-controller';
import { css } from './stylesheet';

export interface NetworkChooserView {
  /** The radio group's name and the stem of its ids. */
  id: string;
  /** Every network of the number (its id and its name), in the order the card lists them. */
  networks: readonly { id: string; name: string }[];
  chosen: string | undefined;
  legend: string;
  busy: boolean;
  onChoose(network: string): void;
}

const chooserStyles = css`
  .ef-networks {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 16px;
    margin: 6px 0 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }

  .ef-networks legend {
    float: left;
    padding: 0;
    margin-right: 4px;
    font-size: var(--_small);
    color: var(--_label);
  }

  .ef-network {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 24px;
    font-size: var(--_small);
    color: var(--_text);
    cursor: pointer;
  }

  .ef-network input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: var(--_focus);
    cursor: pointer;
  }

  .ef-network input:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }

  .ef-network svg {
    width: 30px;
    height: 20px;
  }
`;

export function renderNetworkChooser(view: NetworkChooserView): TemplateResult {
  const { id, networks, chosen, busy } = view;
  return html`<fieldset class="ef-networks" id=${`${id}-networks`}>
    <legend>${view.legend}</legend>
    ${networks.map(
      (network) => html`<label class="ef-network">
        <input
          type="radio"
          name=${`${id}-network`}
          value=${network.id}
          .checked=${network.id === chosen}
          ?disabled=${busy}
          @change=${() => view.onChoose(network.id)}
        /><span aria-hidden="true">${brandMark(network.id)}</span><span>${network.name}</span>
      </label>`,
    )}
  </fieldset>`;
}

// The chunk runs in the document of the form that asked for it (the card frame, the hosted page).
adoptStyles(document, { styles: [chooserStyles], styleId: 'ef-network-chooser-styles' });
