/**
 * <ef-card-form>'s stylesheets, in their order: the form's own (styles.ts), then the per-state
 * theme rules (theme-styles.ts). The element adopts none itself: its document brings them, so
 * they travel once wherever the form is drawn:
 *  - the card frame with the gateway's first view: the first view's <style>, which the gateway
 *    writes from this list (first-view/card-first-view.ts) and which stays after the take-over;
 *  - any other card frame document: this module, a chunk of its own (card-frame-styles.ts);
 *  - the hosted page: its stylesheet, into which its build moves these rules (its
 *    build/card-form-css.ts), so the sheets it adopts here are empty.
 */
import { adoptStyles } from './form-controller';
import { cardFormStyles } from './styles';
import { themeStateStyles } from './theme-styles';

export const CARD_FORM_STYLESHEETS = [cardFormStyles, themeStateStyles] as const;

/** Adopts the card form's stylesheets on `doc`, once. */
export function adoptCardFormStylesheets(doc: Document): void {
  adoptStyles(doc, { styles: CARD_FORM_STYLESHEETS, styleId: 'ef-card-form-styles' });
}
