/**
 * The take-over of the gateway's first view (first-view/first-view.ts): the document arrives
 * with the checkout already drawn, the card form usable before any script has run. When the
 * page has drawn its own checkout (hidden behind the first view until then: base.css), what
 * the shopper did meanwhile moves into it, and the first view goes, in one task (no frame is
 * painted in between, and both are the same markup: nothing moves):
 *  - what was typed into the card inputs, formatted by the page's card form as a paste would be;
 *  - the focused input and its caret;
 *  - what was typed into a redirect method's contact fields;
 *  - the option and the language chosen;
 *  - a click on Pay: the document's one inline script (FIRST_VIEW_SCRIPT, allowed by its hash)
 *    marks the first view `data-pay` when its pay button is clicked, and the page pays once
 *    it has taken over, as if clicked then (a shopper or autofill faster than the script).
 */
import { isLocaleTag, type LocaleTag } from '@payments/core';
import { enter, enterTypedCard, readTypedCard, type TypedCard } from '@payments/embedded-fields/secure';

/** The first view's element id (the gateway writes it; first-view.ts). */
export const FIRST_VIEW_ID = 'hpp-first-view';

/**
 * The first view's one script, inline in the document's head (the gateway allows it by its
 * SHA-256): a click on the first view's pay button before the page's script has run is
 * remembered on the first view (`data-pay`), for the take-over to act on. Plain ES5, no
 * page state, no sink: it sets one attribute.
 */
export const FIRST_VIEW_SCRIPT =
  "document.addEventListener('click',function(e){var t=e.target;var b=t instanceof Element?t.closest('#" +
  FIRST_VIEW_ID +
  " .pay-button'):null;if(b)b.closest('#" +
  FIRST_VIEW_ID +
  "').setAttribute('data-pay','')},true);";

/**
 * The first view's script, and (given the page's script, `/hpp/assets/index-….js`) the
 * page's script asked for once the first view has been drawn, instead of by a module tag in
 * the head. The first view is usable without it, and fetched and compiled beside the parser
 * it delayed the card field by about 40 ms on loopback (2 cores, 2026-11-27: 261 against
 * 226 ms, 11 runs each). After the first frame (a frame callback, then a task: the frame has
 * been produced); a hidden tab draws no frame, so a timer starts it there. `import()`, not a
 * script element: its `src` is a Trusted Types sink, and the page allows lit-html's policy only.
 */
export function firstViewScript(pageScript?: string): string {
  if (pageScript === undefined) return FIRST_VIEW_SCRIPT;
  const load = `var l=0;function p(){if(!l){l=1;import(${JSON.stringify(pageScript)})}}requestAnimationFrame(function(){setTimeout(p)});setTimeout(p,1000);`;
  return `${FIRST_VIEW_SCRIPT}(function(){${load}})();`;
}

/** What the shopper did in the first view: the card inputs (embedded-fields' first-view/take-over.ts), and the rest of the page. */
export interface FirstViewState extends TypedCard {
  /** The option the shopper chose (a radio's value: the option id). */
  option: string | null;
  /** The language chosen in the picker. */
  language: string | null;
  /** Pay was clicked (FIRST_VIEW_SCRIPT). */
  pay: boolean;
  /** The contact fields a redirect method asks for (email, names), by id, where the shopper changed them. */
  contact: [string, string][];
}

export function firstView(doc: Document = document): HTMLElement | null {
  return doc.getElementById(FIRST_VIEW_ID);
}

export function readFirstView(view: HTMLElement): FirstViewState {
  return {
    ...readTypedCard(view),
    option: view.querySelector<HTMLInputElement>('input[name="hpp-method"]:checked')?.value ?? null,
    language: view.querySelector<HTMLSelectElement>('#hpp-language')?.value ?? null,
    pay: view.hasAttribute('data-pay'),
    contact: [...view.querySelectorAll<HTMLInputElement>('.contact-fields input[id]')]
      .filter((input) => input.value !== input.defaultValue)
      .map((input) => [input.id, input.value]),
  };
}

/** What the take-over asks of the page (app.ts). */
export interface TakeOverHost {
  locale(): string;
  setLocale(locale: LocaleTag): Promise<void>;
  selected(): string;
  /** True when the page offers the option of this id. */
  offers(id: string): boolean;
  select(id: string): void;
  /** Resolves once the page has drawn its checkout: the open option's card form, drawn, or null. */
  drawn(): Promise<HTMLElement | null>;
  pay(): void;
  /** The shopper has started (typed, focused or clicked Pay in the first view): resolves once the card rules are here (or failed to load). */
  started(): Promise<unknown>;
}

/**
 * Once the page has drawn its checkout (hidden behind the first view), moves in what the
 * shopper did in the first view and removes it. Called as the page opens its checkout,
 * before that drawing: the page's radios share the group's name with the first view's, so
 * the choice is read first.
 */
export async function takeOverFirstView(host: TakeOverHost): Promise<void> {
  const view = firstView();
  if (!view) return;
  const state = readFirstView(view);
  // Another option chosen: its panel was never open, so nothing was typed into its fields.
  const chosen = state.option !== null && state.option !== host.selected() && host.offers(state.option);
  let form: HTMLElement | null = null;
  try {
    // What was typed is formatted as it moves in: by the card rules, which the shopper's start asks for.
    if (state.fields.length > 0 || state.focused !== null || state.pay || state.contact.length > 0) await host.started();
    if (state.language && state.language !== host.locale() && isLocaleTag(state.language)) await host.setLocale(state.language);
    if (chosen) host.select(state.option!);
    form = await host.drawn();
  } finally {
    // Whatever failed on the way (another language's texts, say), the page's own checkout shows.
    takeOver(view, chosen ? { ...state, fields: [], focused: null, contact: [] } : state, form);
  }
  if (state.pay && !chosen) host.pay();
}

/** Removes the first view and hands what was typed in it to `form` (the page's own card form of that option). */
export function takeOver(view: HTMLElement, state: FirstViewState, form: HTMLElement | null): void {
  const doc = view.ownerDocument;
  view.remove();
  for (const [id, value] of state.contact) {
    const input = doc.getElementById(id);
    if (input instanceof HTMLInputElement) enter(input, value, null);
  }
  if (form) enterTypedCard(form, state);
}
