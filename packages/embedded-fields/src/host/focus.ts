/**
 * Natural Tab order around a frame: when the shopper tabs out of the frame's last field (or
 * Shift+Tabs out of its first), focus goes to the merchant page's next (or previous)
 * focusable element, as if the fields were part of the page.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

export function moveFocusFrom(iframe: HTMLIFrameElement, direction: 'forward' | 'backward'): void {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el === iframe || (el.offsetParent !== null && !el.closest('[inert]')),
  );
  const index = all.indexOf(iframe);
  const next = direction === 'forward' ? all[index + 1] : all[index - 1];
  if (next) next.focus();
  else iframe.blur();
}
