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
 */
import type { LocaleTag } from '@payments/core';
import type { FrameConfig } from '../shared/protocol';
import type { CardForm } from './card-form';
import { placeForm } from './frame-bootstrap';

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
  const form = document.createElement('ef-card-form') as CardForm;
  await placeForm(form, rehearsalConfig(locale));
  await form.updateComplete;
  form.getBoundingClientRect(); // the layout: the fonts and the shaping of the form's words
  form.remove();
  document.documentElement.dataset.rehearsal = 'done'; // for the tests (e2e/preload-frame.spec.ts)
}
