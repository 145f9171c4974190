/**
 * The allow-list for the merchant's `styles` (public FieldStyles): which CSS variables may
 * cross into the secure frame, and which values they may carry. The frame filters before
 * applying (the merchant page is not trusted, so its script does not carry the list).
 *
 * Values are matched against positive grammars (a colour, a length, a font family, a font
 * weight), never against a list of bad words, so anything the grammar does not describe is
 * dropped: `url(`, `expression(`, `var(`, `attr(`, `;`, braces, `<`, backslash escapes,
 * comments, non-ASCII look-alikes. A dropped value falls back to the frame's default.
 */
import type { FieldStyles } from '../shared/payment-types';

/** What kind of value each variable takes. */
type ValueKind = 'color' | 'length' | 'lengths' | 'font-family' | 'font-weight';

const STYLE_KINDS: Readonly<Record<keyof FieldStyles, ValueKind>> = {
  '--ef-font-family': 'font-family',
  '--ef-font-size': 'length',
  '--ef-font-weight': 'font-weight',
  '--ef-color-text': 'color',
  '--ef-color-placeholder': 'color',
  '--ef-color-background': 'color',
  '--ef-color-border': 'color',
  '--ef-color-focus': 'color',
  '--ef-color-error': 'color',
  '--ef-color-label': 'color',
  '--ef-radius': 'lengths',
  '--ef-spacing': 'length',
  '--ef-input-padding': 'lengths',
  '--ef-border-width': 'length',
  '--ef-focus-color-text': 'color',
  '--ef-focus-color-background': 'color',
  '--ef-focus-color-border': 'color',
  '--ef-invalid-color-text': 'color',
  '--ef-invalid-color-background': 'color',
  '--ef-invalid-color-border': 'color',
  '--ef-complete-color-text': 'color',
  '--ef-complete-color-background': 'color',
  '--ef-complete-color-border': 'color',
};

/** Every variable the frame accepts, in a stable order. */
export const STYLE_KEYS = Object.keys(STYLE_KINDS) as readonly (keyof FieldStyles)[];

/** Longest value accepted for anything but a font family. */
const MAX_VALUE_LENGTH = 100;
/** Longest font family list accepted. */
const MAX_FONT_FAMILY_LENGTH = 200;

/**
 * Belt and braces: fragments that must never reach a stylesheet, whatever the grammar says.
 * Every grammar below already excludes them; this keeps a future grammar change honest.
 */
const FORBIDDEN = /url\(|expression|var\(|attr\(|image|import|[;{}<>\\@!]|\/\*|\*\//i;

const NAMED_COLORS = new Set([
  'transparent',
  'currentcolor',
  'black',
  'white',
  'gray',
  'grey',
  'silver',
  'red',
  'maroon',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'navy',
  'purple',
]);

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\d{1,4}(?:\.\d{1,4})?`;
const LENGTH = new RegExp(String.raw`^(?:0|${NUMBER}(?:px|rem|em|%))$`, 'i');
/** A calc() operand: a length or a bare number (for `* 2`, `/ 3`). */
const CALC_OPERAND = new RegExp(String.raw`^(?:${NUMBER}(?:px|rem|em|%)?)$`, 'i');
const FONT_FAMILY_NAME = /^[A-Za-z0-9 -]+$/;

/** rgb()/rgba()/hsl()/hsla(): three or four numeric channels (comma, space or slash separated). */
function isColorFunction(value: string): boolean {
  const match = /^(rgba?|hsla?)\(([^()]*)\)$/i.exec(value);
  if (!match) return false;
  const hsl = match[1]!.toLowerCase().startsWith('hsl');
  const channels = match[2]!.trim().split(/\s*[,/]\s*|\s+/);
  if (channels.length < 3 || channels.length > 4) return false;
  return channels.every((channel, index) => {
    const unit = hsl && index === 0 ? '(?:deg)?' : '%?';
    return new RegExp(String.raw`^${NUMBER}${unit}$`, 'i').test(channel);
  });
}

/** A colour: hex, rgb/rgba/hsl/hsla with numbers and %, or a few named colours. */
export function isSafeColor(value: string): boolean {
  return HEX_COLOR.test(value) || NAMED_COLORS.has(value.toLowerCase()) || isColorFunction(value);
}

/**
 * calc() over lengths and numbers only: `calc(1rem + 2px)`, `calc(100% - 4px)`,
 * `calc(0.5rem * 2)`. No nesting, no other functions.
 */
function isSafeCalc(value: string): boolean {
  const match = /^calc\((.*)\)$/i.exec(value);
  if (!match) return false;
  const tokens = match[1]!.trim().split(/\s+/);
  if (tokens.length % 2 === 0) return false;
  return tokens.every((token, index) => (index % 2 === 0 ? CALC_OPERAND.test(token) : /^[-+*/]$/.test(token)));
}

/** One non-negative length: 0, px, rem, em or %, or a calc() of those. */
export function isSafeLength(value: string): boolean {
  return LENGTH.test(value) || isSafeCalc(value);
}

/** One to four space-separated lengths, as padding and border-radius take them. */
function isSafeLengths(value: string): boolean {
  if (value.startsWith('calc(')) return isSafeCalc(value);
  const parts = value.split(/\s+/);
  return parts.length >= 1 && parts.length <= 4 && parts.every((part) => LENGTH.test(part));
}

/**
 * A font-family list: names of letters, digits, spaces and hyphens, optionally quoted
 * (balanced ' or "), separated by commas.
 */
export function isSafeFontFamily(value: string): boolean {
  if (value.length > MAX_FONT_FAMILY_LENGTH) return false;
  return value.split(',').every((raw) => {
    const family = raw.trim();
    const quote = family[0];
    const name = (quote === '"' || quote === "'") && family.endsWith(quote) && family.length > 2 ? family.slice(1, -1) : family;
    return name.trim() !== '' && FONT_FAMILY_NAME.test(name);
  });
}

/** 100 to 900, normal or bold. */
export function isSafeFontWeight(value: string): boolean {
  if (/^(?:normal|bold)$/i.test(value)) return true;
  if (!/^\d{3}$/.test(value)) return false;
  const weight = Number(value);
  return weight >= 100 && weight <= 900;
}

function isSafeValue(kind: ValueKind, value: string): boolean {
  switch (kind) {
    case 'color':
      return isSafeColor(value);
    case 'length':
      return isSafeLength(value);
    case 'lengths':
      return isSafeLengths(value);
    case 'font-family':
      return isSafeFontFamily(value);
    case 'font-weight':
      return isSafeFontWeight(value);
  }
}

/**
 * The merchant's styles with every unknown key and every unsafe value dropped. Accepts any
 * input (it comes from merchant JavaScript, then over postMessage): anything that is not a
 * plain object gives `{}`. Values are trimmed; only own string properties are read.
 */
export function filterStyles(input: unknown): FieldStyles {
  const styles: FieldStyles = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return styles;
  const record = input as Readonly<Record<string, unknown>>;
  for (const key of STYLE_KEYS) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const raw = record[key];
    if (typeof raw !== 'string') continue;
    const value = raw.trim();
    const kind = STYLE_KINDS[key];
    const limit = kind === 'font-family' ? MAX_FONT_FAMILY_LENGTH : MAX_VALUE_LENGTH;
    if (value === '' || value.length > limit || !/^[\x20-\x7e]*$/.test(value) || FORBIDDEN.test(value)) continue;
    if (isSafeValue(kind, value)) styles[key] = value;
  }
  return styles;
}

/** Sets the allowed custom properties of `styles` on `element` and removes the others. */
export function applyAllowedStyles(element: HTMLElement, styles: unknown): void {
  const safe = filterStyles(styles);
  for (const key of STYLE_KEYS) {
    const value = safe[key];
    if (value === undefined) element.style.removeProperty(key);
    else element.style.setProperty(key, value);
  }
  // A chosen font family may be an allow-listed web font: its loader is a chunk of its own,
  // fetched only by forms that name a family (web-fonts.ts).
  const family = safe['--ef-font-family'];
  if (family) {
    void import('./web-fonts').then(({ loadWebFont }) => loadWebFont(family, element.ownerDocument)).catch(() => undefined);
  }
}
