/**
 * The card form's rules, provided as this module loads: for tests and the dev harness, whose
 * forms must have them as they are drawn. The card frame and the hosted page load them later
 * (card-rules-loader.ts).
 */
import { cardRules } from './card-rules';
import { provideCardRules } from './card-rules-loader';

provideCardRules(cardRules);
