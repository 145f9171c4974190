/** Small DOM helpers: elements are built with textContent, never from HTML strings. */

/** The element with `id`, checked to be of `type` (the page's structure is a contract). */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`#${id} is missing or not a ${type.name}`);
  return found;
}

export interface ElementOptions {
  className?: string;
  text?: string;
  attributes?: Record<string, string>;
}

/** A new element with a class, text and attributes, and children appended in order. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attributes ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
