/**
 * Natural Tab order around a frame: when the shopper tabs out of the frame's last field (or
 * Shift+Tabs out of its first), focus goes to the merchant page's next (or previous)
 * focusable element, as if the fields were part of the page. When that element is another
 * of our secure frames (split fields: the next field's frame), the caret goes into its first
 * (or last) field, not onto the frame: a screen reader then announces the field, not a frame.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

type Enter = (which: 'first' | 'last') => void;

/** Our secure frames on this page, each with how to put the caret in its field. */
const entries = new WeakMap<HTMLIFrameElement, Enter>();

/** Tab into `iframe` from another of our frames calls `enter` (until forgetFrameEntry). */
export function registerFrameEntry(iframe: HTMLIFrameElement, enter: Enter): void {
  entries.set(iframe, enter);
}

export function forgetFrameEntry(iframe: HTMLIFrameElement): void {
  entries.delete(iframe);
}

/** The page's focusable element after (or before) `iframe`, in the Tab order. */
function beside(iframe: HTMLIFrameElement, direction: 'forward' | 'backward'): HTMLElement | undefined {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el === iframe || (el.offsetParent !== null && !el.closest('[inert]')),
  );
  const index = all.indexOf(iframe);
  return direction === 'forward' ? all[index + 1] : all[index - 1];
}

/**
 * Split fields, a field typed complete and valid: the caret moves on to the next field's
 * frame when the page's next focusable element is one of ours; never onto the page's own.
 */
export function advanceFrom(iframe: HTMLIFrameElement): void {
  const next = beside(iframe, 'forward');
  const enter = next instanceof HTMLIFrameElement ? entries.get(next) : undefined;
  enter?.('first');
}

export function moveFocusFrom(iframe: HTMLIFrameElement, direction: 'forward' | 'backward'): void {
  const next = beside(iframe, direction);
  if (!next) {
    iframe.blur();
    return;
  }
  const enter = next instanceof HTMLIFrameElement ? entries.get(next) : undefined;
  if (!enter) {
    next.focus();
    return;
  }
  // Our frame focuses its own field, which moves the page's focus into it in one step. The
  // page must not focus the <iframe> first: that focus reaches the frame's process on
  // another channel than the call, and when it lands after the field's own focus it makes
  // the document the focused area, and the field loses the caret (1 Tab in 5, Chrome 2026-11).
  enter(direction === 'forward' ? 'first' : 'last');
}
