/**
 * Where the card form finds its rules (card-rules.ts). The card frame fetches them as a
 * chunk of their own once its ready report has left (frame-main.ts), so its first download
 * carries only what draws an empty form; the hosted page asks for them at the shopper's first
 * focus or touch (the secure face, index.ts). Until they are here, the form's fields
 * are empty and judged as such (card-field-defaults.ts), and what the shopper types waits
 * in the inputs (card-form.ts).
 */
import type { CardRules } from './card-rules';
import { retriedImport } from './retried-import';

let provided: CardRules | undefined;
let source: (() => Promise<{ cardRules: CardRules }>) | undefined;
let loading: Promise<CardRules> | undefined;
const waiting = new Set<(rules: CardRules) => void>();

/** The rules, or undefined while they have not arrived. */
export function cardRules(): CardRules | undefined {
  return provided;
}

/** Hands the rules to every form, and to each one waiting for them (whenCardRules). */
export function provideCardRules(rules: CardRules): void {
  provided = rules;
  const listeners = [...waiting];
  waiting.clear();
  for (const listener of listeners) listener(rules);
}

/**
 * Calls `listener` once, when the rules arrive, whichever load brings them (the form's own,
 * a later one of the hosted page's Pay, or the frame's). At once if they are here.
 */
export function whenCardRules(listener: (rules: CardRules) => void): void {
  if (provided) listener(provided);
  else waiting.add(listener);
}

/**
 * Where the rules come from when they were not provided at once: the rules' chunk, imported
 * (frame-main.ts, index.ts). The dynamic import lives there, not here: in the hosted page's
 * bundle, which imports the rules statically, it made the bundler split out a runtime chunk.
 * A failed import is tried again by a new URL (retried-import.ts).
 */
export function cardRulesFrom(load: () => Promise<{ cardRules: CardRules }>): void {
  source = retriedImport(load);
}

/** Loads the rules once; a failed load is tried again on the next call. */
export function loadCardRules(): Promise<CardRules> {
  if (provided) return Promise.resolve(provided);
  if (!source) return Promise.reject(new Error('no source for the card rules'));
  loading ??= source().then(
    ({ cardRules: rules }) => {
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
