/**
 * The one piece of the engine suite that runs inside the page: finding elements the way a
 * shopper and a screen reader name them (role + accessible name, a field by its label, a
 * frame by its title), through open shadow roots, and reading what they show.
 *
 * Written once for every engine because the engines' own accessible queries disagree:
 * Firefox's (puppeteer's `::-p-aria`, over WebDriver BiDi) do not look inside shadow roots,
 * where the challenge dialog lives, and WebKitGTK's WebDriver has none. The names are
 * computed the way the product names things (aria-labelledby, aria-label, <label>, title,
 * text), which is all the product uses.
 *
 * `inPage` is serialized (Function#toString) and run in the page: it must not reference
 * anything outside its own body.
 */

/** What to find. All given parts must match. */
export interface Query {
  /** ARIA role, explicit or implicit (button, link, heading, dialog, textbox, checkbox, radio, combobox, status, alert). */
  role?: string;
  /** The exact accessible name. */
  name?: string;
  /** A regular expression (source) the accessible name must match. */
  namePattern?: string;
  /** A form field by its accessible name (the label a shopper reads). */
  label?: string;
  /** An iframe (or any element) by its title attribute. */
  title?: string;
  /** An element by its id (what no shopper reads: a page's structure, e.g. the hosted page's first view). */
  id?: string;
  /** Element whose own text (trimmed, whitespace collapsed) contains this. */
  text?: string;
  /** The first iframe inside the element this query finds (the ACS frame in the challenge dialog). */
  iframeIn?: Query;
}

export interface ElementState {
  found: boolean;
  visible: boolean;
  text: string;
  value: string;
  focused: boolean;
  invalid: boolean;
  /** The announced error (aria-describedby texts) when invalid. */
  error: string;
  attributes: Record<string, string>;
  rect: { x: number; y: number; width: number; height: number };
  /** Tag name, lower case. */
  tag: string;
  /** matches(':modal'): a <dialog> opened with showModal(). */
  modal: boolean;
}

export type InPageOp = 'find' | 'state' | 'focus' | 'activeElement' | 'viewport' | 'eval';

export function inPage(op: InPageOp, arg: unknown): unknown {
  const IMPLICIT: Record<string, string> = { BUTTON: 'button', DIALOG: 'dialog', SELECT: 'combobox', TEXTAREA: 'textbox', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading' };
  const INPUT_ROLES: Record<string, string> = { button: 'button', submit: 'button', checkbox: 'checkbox', radio: 'radio' };
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

  const roleOf = (el: Element): string => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0]!;
    if (el.tagName === 'INPUT') return INPUT_ROLES[(el as HTMLInputElement).type] ?? 'textbox';
    if (el.tagName === 'A' && el.hasAttribute('href')) return 'link';
    return IMPLICIT[el.tagName] ?? '';
  };
  /** Text as a name: without aria-hidden parts (the payment methods' marks). */
  const textOf = (node: Node): string =>
    node.nodeType === 3 ? (node.textContent ?? '') : node instanceof Element && node.getAttribute('aria-hidden') === 'true' ? '' : [...node.childNodes].map(textOf).join('');
  const byId = (el: Element, id: string) => (el.getRootNode() as Document | ShadowRoot).getElementById(id);
  const nameOf = (el: Element): string => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return squash(labelledBy.split(/\s+/).map((id) => { const target = byId(el, id); return target ? textOf(target) : ''; }).join(' '));
    const label = el.getAttribute('aria-label');
    if (label) return squash(label);
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash([...labels].map(textOf).join(' '));
    if (['button', 'link', 'heading', 'radio', 'checkbox'].includes(roleOf(el)) && el.tagName !== 'INPUT') return squash(textOf(el));
    if (el.tagName === 'INPUT' && ['button', 'submit'].includes((el as HTMLInputElement).type)) return squash((el as HTMLInputElement).value);
    return squash(el.getAttribute('title') ?? (el as HTMLInputElement).placeholder ?? '');
  };
  const visible = (el: Element): boolean => {
    const withCheck = el as Element & { checkVisibility?: (o: object) => boolean };
    if (withCheck.checkVisibility && !withCheck.checkVisibility({ visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  /** Every element under root, through open shadow roots, in document order. */
  const all = (root: Document | ShadowRoot | Element): Element[] => {
    const out: Element[] = [];
    const walk = (node: Document | ShadowRoot | Element) => {
      for (const child of node.children) {
        out.push(child);
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    };
    walk(root);
    return out;
  };
  const matches = (el: Element, q: Query): boolean => {
    if (q.role && roleOf(el) !== q.role) return false;
    if (q.title !== undefined && el.getAttribute('title') !== q.title) return false;
    if (q.id !== undefined && el.id !== q.id) return false;
    if (q.label !== undefined && (!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) || nameOf(el) !== q.label)) return false;
    if (q.name !== undefined && nameOf(el) !== q.name) return false;
    if (q.namePattern !== undefined && !new RegExp(q.namePattern).test(nameOf(el))) return false;
    if (q.text !== undefined && ![...el.childNodes].some((n) => n.nodeType === 3 && squash(n.textContent).includes(q.text!)) && !(el.children.length === 0 && squash(el.textContent).includes(q.text))) return false;
    return true;
  };
  const find = (q: Query, root: Document | ShadowRoot | Element = document): Element | null => {
    if (q.iframeIn) {
      const holder = find(q.iframeIn, root);
      return holder ? (all(holder).find((el) => el.tagName === 'IFRAME') ?? null) : null;
    }
    const found = all(root).filter((el) => matches(el, q));
    return found.find(visible) ?? found[0] ?? null;
  };
  /** The focused element, through shadow roots (document.activeElement stops at the host). */
  const deepActive = (): Element | null => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };
  const state = (q: Query): ElementState => {
    const el = find(q);
    const empty = { found: false, visible: false, text: '', value: '', focused: false, invalid: false, error: '', attributes: {}, rect: { x: 0, y: 0, width: 0, height: 0 }, tag: '', modal: false };
    if (!el) return empty;
    const r = el.getBoundingClientRect();
    const invalid = el.getAttribute('aria-invalid') === 'true';
    const error = squash((el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => byId(el, id)?.textContent ?? '').join(' '));
    let modal = false;
    try {
      modal = el.matches(':modal');
    } catch {
      // an engine without :modal: not a modal dialog as far as we can tell
    }
    return {
      found: true,
      visible: visible(el),
      text: squash(el.textContent),
      value: 'value' in el ? String((el as HTMLInputElement).value) : '',
      focused: deepActive() === el,
      invalid,
      error: invalid ? error : '',
      attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
      rect: { x: r.x, y: r.y, width: r.width, height: r.height },
      tag: el.tagName.toLowerCase(),
      modal,
    };
  };

  switch (op) {
    case 'find':
      return find(arg as Query);
    case 'state':
      return state(arg as Query);
    case 'focus': {
      const el = find(arg as Query) as HTMLElement | null;
      el?.focus();
      return Boolean(el);
    }
    case 'activeElement': {
      // Where focus is: 'page' (an element of this document outside any shadow host),
      // 'shadow' (inside an open shadow root, with the host's data-embedded-fields), or 'none'.
      const top = document.activeElement;
      if (!top || top === document.body || top === document.documentElement) return { where: 'none', tag: '', name: '' };
      const deep = deepActive()!;
      if (top.shadowRoot) return { where: 'shadow', host: top.getAttribute('data-embedded-fields') ?? '', tag: deep.tagName.toLowerCase(), name: nameOf(deep) };
      return { where: 'page', tag: top.tagName.toLowerCase(), name: nameOf(top) };
    }
    case 'viewport':
      return { width: innerWidth, height: innerHeight, scrollX, scrollY, scrollHeight: document.documentElement.scrollHeight };
    case 'eval':
      // A small expression of the test's own (window.events and the like); never page input.
      return (0, eval)(arg as string);
  }
}

/** The script that runs `inPage(op, arg)` in a page, for drivers that take a script string. */
export function inPageScript(op: InPageOp, arg: unknown): string {
  return `(${inPage.toString()})(${JSON.stringify(op)}, ${JSON.stringify(arg ?? null)})`;
}
