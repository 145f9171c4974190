/**
 * The card form's rules, provided as this module loads: for the hosted page, whose card
 * form is drawn with the page and must answer `validateAll()` at once. The card frame loads
 * them later instead (card-rules-loader.ts).
 */
import { cardRules } from './card-rules';
import { provideCardRules } from './card-rules-loader';

provideCardRules(cardRules);
