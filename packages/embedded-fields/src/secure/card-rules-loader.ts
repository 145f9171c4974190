/**
 * Where the card form finds its rules (card-rules.ts). The card frame fetches them as a
 * chunk of their own once its ready report has left (frame-main.ts), so its first download
 * carries only what draws an empty form; the hosted page asks for them at the shopper's first
 * focus or touch (the secure face, index.ts). Until they are here, the form's fields
 * are empty and judged as such (card-field-defaults.ts), and what the shopper types waits
 * in the inputs (card-form.ts).
 */
import type { CardRules } from './card-rules';

let provided: CardRules | undefined;
let source: (() => Promise<CardRules>) | undefined;
let loading: Promise<CardRules> | undefined;

/** The rules, or undefined while they have not arrived. */
export function cardRules(): CardRules | undefined {
  return provided;
}

/** Hands the rules to every form. */
export function provideCardRules(rules: CardRules): void {
  provided = rules;
}

/**
 * Where the rules come from when they were not provided at once: the card frame's chunk
 * (frame-main.ts). The dynamic import lives there, not here: in the hosted page's bundle,
 * which imports the rules statically, it made the bundler split out a runtime chunk.
 */
export function cardRulesFrom(load: () => Promise<CardRules>): void {
  source = load;
}

/** Loads the rules once; a failed load is tried again on the next call. */
export function loadCardRules(): Promise<CardRules> {
  if (provided) return Promise.resolve(provided);
  if (!source) return Promise.reject(new Error('no source for the card rules'));
  loading ??= source().then(
    (rules) => {
      provideCardRules(rules);
      return rules;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
