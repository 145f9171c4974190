/**
 * lit templates as an HTML string, for the gateway's first views (the hosted page's checkout,
 * first-view/first-view.ts there; the card frame's form, ./card-first-view.ts): the very
 * templates the page renders, so the markup the gateway serves and the DOM the script draws
 * are the same elements, classes, texts and whitespace. Every value is escaped (text and
 * attributes alike): a merchant's name or a description is never markup. Bindings as lit
 * applies them: `attr=${v}` (an attribute; `nothing` removes it), `?attr=${v}` (present when
 * truthy), `.value` / `.checked` (as the attributes that give an input the same value), other
 * `.prop` and `@event` dropped (a first view has no script), directives by their value
 * (`live(x)` is x). Not a general renderer: no `<script>`, `<style>` or `<textarea>` content.
 */

import { escapeHtml } from '@payments/core';

const NOTHING = Symbol.for('lit-nothing');
const NO_CHANGE = Symbol.for('lit-noChange');

/** Markup made elsewhere and already safe (the card form's, serialize's own output), placed as it is. */
export class TrustedMarkup {
  constructor(readonly html: string) {}
}

interface TemplateLike {
  _$litType$: number;
  strings: readonly string[];
  values: readonly unknown[];
}

export interface SerializeOptions {
  /** Attributes whose bound value is left out (the card inputs' `name`: nothing to submit before the script runs). */
  omitBound?: (attribute: string) => boolean;
}

export { escapeHtml };

const isTemplate = (value: unknown): value is TemplateLike =>
  typeof value === 'object' && value !== null && typeof (value as TemplateLike)._$litType$ === 'number' && Array.isArray((value as TemplateLike).strings);

/** A directive's result (`live(x)`, …) stands for its first value. */
function unwrap(value: unknown): unknown {
  while (typeof value === 'object' && value !== null && '_$litDirective$' in value) value = (value as unknown as { values: unknown[] }).values[0];
  return value;
}

/** A value in a child position: text, a template, a list, trusted markup or nothing. */
function child(value: unknown, options: SerializeOptions): string {
  value = unwrap(value);
  if (value === null || value === undefined || value === NOTHING || value === NO_CHANGE || value === false) return '';
  if (value instanceof TrustedMarkup) return value.html;
  if (isTemplate(value)) return serialize(value, options);
  if (typeof value === 'object' && Symbol.iterator in value) return [...(value as Iterable<unknown>)].map((v) => child(v, options)).join('');
  if (typeof value === 'object' || typeof value === 'function') throw new TypeError('serialize: a value a first view cannot show (an element or an object)');
  return escapeHtml(value);
}

/**
 * Where a static part leaves the parser: inside a tag or not, and inside a quoted attribute
 * value (which quote). Values never change it: they are escaped.
 */
interface Scan {
  inTag: boolean;
  quote: '"' | "'" | null;
}

function scan(text: string, state: Scan): Scan {
  let { inTag, quote } = state;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (!inTag) {
      if (c === '<' && /[a-zA-Z/]/.test(text[i + 1] ?? '')) inTag = true;
    } else if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') inTag = false;
  }
  return { inTag, quote };
}

/** An attribute binding at the end of a static part: its prefix (. ? @ or none), name, opening quote and what came before `name`. */
const BINDING = /([.?@]?)([^\s"'>/=]+)=(["']?)([^"']*)$/;

export function serialize(template: TemplateLike, options: SerializeOptions = {}): string {
  const { strings, values } = template;
  let out = '';
  let state: Scan = { inTag: false, quote: null };
  let dropQuote = false;
  for (let i = 0; i < strings.length; i += 1) {
    let text = strings[i]!;
    if (dropQuote) {
      // The closing quote of a whole attribute binding, written (or dropped) with its value.
      text = text.slice(1);
      dropQuote = false;
    }
    state = scan(text, state);
    if (i === values.length) {
      out += text;
      break;
    }
    const value = unwrap(values[i]);
    if (!state.inTag) {
      out += text + child(value, options);
      continue;
    }
    const binding = BINDING.exec(text);
    const next = strings[i + 1]!;
    const whole = binding && binding[4] === '' && (binding[3] === '' ? !state.quote : next.startsWith(binding[3]!));
    if (!whole) {
      // Part of a longer attribute value (`class="ef-field ef-field--${name}"`): text inside the quotes.
      if (!state.quote) throw new TypeError(`serialize: a binding lit would not accept, after ${JSON.stringify(text.slice(-40))}`);
      out += text + (value === NOTHING || value === null || value === undefined ? '' : escapeHtml(value));
      continue;
    }
    const [match, prefix, name, quote] = binding as unknown as [string, string, string, string];
    dropQuote = quote !== '';
    out += text.slice(0, text.length - match.length) + attribute(prefix, name, value, options);
    state = { inTag: true, quote: null };
  }
  return out;
}

/** One whole attribute binding as lit applies it, written as markup ('' when absent). */
function attribute(prefix: string, name: string, value: unknown, options: SerializeOptions): string {
  switch (prefix) {
    case '@':
      return '';
    case '?':
      return value && value !== NOTHING ? name : '';
    case '.':
      if (name === 'checked') return value ? 'checked' : '';
      if (name === 'value') return value === '' || value === null || value === undefined ? '' : `value="${escapeHtml(value)}"`;
      return '';
    default:
      if (value === NOTHING || options.omitBound?.(name)) return '';
      return `${name}="${escapeHtml(value ?? '')}"`;
  }
}
