/**
 * What styles the card form in the card frame's document: the card form's stylesheets
 * (card-form-stylesheets.ts) and the merchant's style properties, passed by the allow-list
 * (style-allow-list.ts). The frame's entry carries neither (issue 44's bytes: the stylesheets
 * were on a new card's path twice, in its first view and in the entry, where they took
 * 1.4 kB br; the allow-list took 1.0 kB br, and a new card drawn by the gateway never runs it).
 *
 * A document with the gateway's first view has both: its <style> holds exactly the
 * stylesheets' rules (the gateway writes the first view's markup and that <style> together,
 * from the build it serves), and it stays after the take-over; after them, one rule
 * `#ef-first-view{…}` holds the merchant's properties as that build's allow-list passed them
 * (first-view/card-first-view.ts), which the script's form takes over as its own (the first
 * view's element, which the rule names, leaves the document): the configuration is the one the
 * gateway drew (the query's), so the script would have passed the very same properties.
 *
 * Any other document (a saved card's CVV, whose configuration the gateway never sees; a new
 * card it did not draw: another locale, a configuration too long for the query, a session past
 * its drawings, a 1.0 script) loads the stylesheets as a chunk of their own, asked for as the
 * script starts, and beside them, when the merchant gave any styles, the allow-list's chunk:
 * two requests in parallel, no round trip after another. A saved card waits for its rules and
 * its brand's mark before ready anyway, and the chunks come beside them; the other cases are
 * rare and pay a round trip. The gateway could instead write the stylesheet into every
 * document without a first view: no request, but 1.6 kB br more in every such document
 * (served no-store, one per mount), where the chunk (1.8 kB br) is cached for a year.
 *
 * update() loads the allow-list's chunk when it comes (loadStyleAllowList): the merchant's
 * styles never reach the form unfiltered.
 */
import { retriedImport } from './retried-import';
import { CARD_FIRST_VIEW_ID } from './first-view/take-over';

const importStylesheets = retriedImport(() => import('./card-form-stylesheets'));

/** The allow-list's chunk (style-allow-list.ts): for a document without a first view, and for update(). */
export const loadStyleAllowList = retriedImport(() => import('./style-allow-list'));

/** Puts the merchant's style properties on the form, as they apply in this document. */
export type StyleForm = (form: HTMLElement) => void;

/**
 * Starts bringing the stylesheets and the allow-list into this document (nothing to do when
 * `firstView`; no allow-list for no `styles`) and answers the wait for them, for the drawing
 * to await: the form is never shown unstyled. It answers how the form takes the merchant's
 * styles. A load that failed is tried once more then; a second failure fails the drawing.
 */
export function styleCardFrame(firstView: boolean, styles: object | undefined): () => Promise<StyleForm> {
  if (firstView) return () => Promise.resolve(takeFirstViewStyles);
  const load = () =>
    Promise.all([
      importStylesheets().then((module) => module.adoptCardFormStylesheets(document)),
      // A new form carries no properties yet: without styles there is nothing to pass or remove.
      styles && Object.keys(styles).length > 0 ? loadStyleAllowList().then((module): StyleForm => (form) => module.applyAllowedStyles(form, styles)) : () => undefined,
    ]).then(([, style]) => style);
  const started = load();
  started.catch(() => undefined);
  return () => started.catch(load);
}

/**
 * The first view's allowed properties (the gateway's `#ef-first-view` rule, in the document's
 * own <style>, which the CSP allows by its hash) on `form`, as the allow-list would have set
 * them; and the web font they name, as applyAllowedStyles loads it.
 */
function takeFirstViewStyles(form: HTMLElement): void {
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== `#${CARD_FIRST_VIEW_ID}`) continue;
      for (const name of rule.style) if (name.startsWith('--ef-')) form.style.setProperty(name, rule.style.getPropertyValue(name));
    }
  }
  const family = form.style.getPropertyValue('--ef-font-family');
  if (family) void import('./web-fonts').then(({ loadWebFont }) => loadWebFont(family, document)).catch(() => undefined);
}
