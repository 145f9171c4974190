/**
 * The preload document's rehearsal (#14). /frames/preload, which embedded-fields.js opens as it
 * loads, runs this frame's script with `<meta name="ef-rehearsal">`: the script then draws a
 * default card form once, lays it out, and removes it. It has no session and no parent it
 * answers: nothing connects, nothing is sent, nothing stays in the document but a
 * `data-rehearsal="done"` on its root.
 *
 * What stays is in the gateway site's renderer process, which the card frame mounted later
 * shares: the functions that draw the form compiled (V8 keeps them per process for the same
 * script), and the fonts and text shaping its words need. The first form drawn in a process
 * paid for both; a mount now finds them done. A frame laid out at 1×1 (preload-frame.ts): a
 * display: none frame has no layout, and warmed nothing.
 *
 * The form is drawn in its type only (REHEARSAL_TYPE), not with its stylesheet: that is a
 * chunk the preload document would download on every page view, where a new card's document
 * brings the stylesheet with its first view (card-frame-styles.ts).
 */
import type { LocaleTag } from '@payments/core';
import type { FrameConfig } from '../shared/protocol';
import type { CardForm } from './card-form';
import { placeForm } from './frame-bootstrap';
import { adoptStyles } from './form-controller';
import { css } from './stylesheet';

/**
 * What the form's first layout in a process pays for besides its code: finding the fonts
 * and shaping the words in them. So the form's fonts, sizes and weights, as styles.ts has
 * them with no merchant theme (rehearsal.test.ts holds the two together), and nothing else.
 */
export const REHEARSAL_TYPE = css`
  ef-card-form {
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: 16px;
    font-weight: 400;
  }

  .ef-label {
    font-size: 14px;
    font-weight: 500;
  }

  .ef-input {
    font: inherit;
    font-variant-numeric: tabular-nums;
  }
`;

/** The preload document asks for the rehearsal; a secure frame's document never does. */
export function isRehearsal(doc: Document = document): boolean {
  return doc.querySelector('meta[name="ef-rehearsal"]') !== null;
}

/** The most common form: a new card, the three card fields, the locale whose catalog the document carries. */
function rehearsalConfig(locale: LocaleTag): FrameConfig {
  return {
    protocolVersion: 1,
    component: 'card',
    locale,
    customerConfig: { hasHolderName: false, holderNameRequired: false, hasHolderEmail: false, holderEmailRequired: false },
    styles: {},
    saveCard: null,
    savedCard: null,
  };
}

/** Draws, lays out and removes a card form. `locale`: the document's catalog (no request for another). */
export async function rehearse(locale: LocaleTag): Promise<void> {
  adoptStyles(document, { styles: [REHEARSAL_TYPE], styleId: 'ef-rehearsal-type' });
  const form = document.createElement('ef-card-form') as CardForm;
  await placeForm(form, rehearsalConfig(locale), () => undefined); // no merchant, no styles
  await form.updateComplete;
  form.getBoundingClientRect(); // the layout: the fonts and the shaping of the form's words
  form.remove();
  document.documentElement.dataset.rehearsal = 'done'; // for the tests (e2e/preload-frame.spec.ts)
}
