/**
 * A card form the gateway drew into the document (a first view: the card frame's, served
 * with `config`, ./card-first-view.ts; the hosted page's checkout) and the script's own
 * <ef-card-form> that takes its place. The first view is usable as the document is parsed;
 * what the shopper did in it before the script ran moves into the script's form:
 *  - what was typed (or autofilled) into each card input, entered as a paste would be, so
 *    the form formats and judges it by its own rules (held until they arrive: card-form.ts);
 *  - the focused input and its caret; the other inputs typed in are judged as left behind.
 * Inputs are matched by their autocomplete token, which names a card input in both forms.
 */

/**
 * Marks the first view's <ef-card-form>: inert markup, which the element, once defined,
 * leaves as it is (frame-element.ts) until the script's own form takes its place.
 */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

/**
 * The card frame's first view's element id: its ready script measures that element, and the
 * gateway writes the merchant's allowed style properties as one rule for it (`#ef-first-view{…}`),
 * which the script's form takes over (card-frame-styles.ts).
 */
export const CARD_FIRST_VIEW_ID = 'ef-first-view';

export interface TypedField {
  /** The input's autocomplete token. */
  autocomplete: string;
  value: string;
  selection: [number, number] | null;
}

export interface TypedCard {
  fields: TypedField[];
  /** The focused card input's autocomplete token, if a card input has the focus. */
  focused: string | null;
}

/** What was typed into the card inputs under `root` (a first view, or its card form), and which one has the focus. */
export function readTypedCard(root: ParentNode & Node): TypedCard {
  const inputs = [...root.querySelectorAll<HTMLInputElement>('ef-card-form input[autocomplete]')];
  const doc = root.ownerDocument ?? document;
  // Only while this document has the focus: a shopper who has tabbed on to another frame (split
  // fields) keeps the focus there; the input then counts as left behind.
  const active = doc.hasFocus() ? doc.activeElement : null;
  return {
    fields: inputs
      .filter((input) => input.value !== '')
      .map((input) => ({
        autocomplete: input.autocomplete,
        value: input.value,
        selection: input.selectionStart === null || input.selectionEnd === null ? null : [input.selectionStart, input.selectionEnd],
      })),
    focused: active instanceof HTMLInputElement && inputs.includes(active) ? active.autocomplete : null,
  };
}

/** Hands `typed` to `form` (drawn): each value as if pasted, the focused field last, with its focus and caret. */
export function enterTypedCard(form: HTMLElement, typed: TypedCard): void {
  const input = (autocomplete: string) => form.querySelector<HTMLInputElement>(`input[autocomplete="${CSS.escape(autocomplete)}"]`);
  // The other fields first, each as left behind (judged as it stands, as a blur judges it);
  // the focused one last, so that a completed value moves the focus on as typing would.
  for (const field of typed.fields) {
    if (field.autocomplete === typed.focused) continue;
    const left = input(field.autocomplete);
    enter(left, field.value, null);
    left?.dispatchEvent(new FocusEvent('blur'));
  }
  const focused = typed.focused ? input(typed.focused) : null;
  if (!focused) return;
  focused.focus({ preventScroll: true });
  const value = typed.fields.find((field) => field.autocomplete === typed.focused);
  if (value) enter(focused, value.value, value.selection);
}

/** The value as if pasted: the form formats it (and places the caret) by its own rules. */
export function enter(input: HTMLInputElement | null, value: string, selection: [number, number] | null): void {
  if (!input) return;
  input.value = value;
  if (selection) input.setSelectionRange(selection[0], selection[1]);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: value }));
}
