/**
 * The shop's pages are files in demo/public with `{{name}}` slots that the server fills,
 * every value HTML-escaped. No inline script or style is ever produced.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * Fills every `{{name}}` of `template` with the escaped value. A slot without a value, or a
 * value without a slot, is a programming error and throws (no half-rendered page).
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const used = new Set<string>();
  const html = template.replace(/\{\{(\w+)\}\}/g, (_slot, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template slot {{${name}}} has no value`);
    used.add(name);
    return escapeHtml(value);
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`template has no slot for ${unused.join(', ')}`);
  return html;
}

/**
 * Puts the shop's words into a page template: an element marked `data-t="key"` (written
 * empty, with data-t as its last attribute) gets the text of `key`; `data-t-label="key"` adds
 * aria-label and `data-t-content="key"` adds content. The page script re-applies the same marks
 * when the shopper picks another language. An unknown key throws.
 */
export function localizeTemplate(template: string, texts: Readonly<Record<string, string>>): string {
  const text = (key: string): string => {
    const value = texts[key];
    if (value === undefined) throw new Error(`no text for data-t key ${key}`);
    return escapeHtml(value);
  };
  return template
    .replace(/data-t="(\w+)">/g, (_mark, key: string) => `data-t="${key}">${text(key)}`)
    .replace(/data-t-(label|content)="(\w+)"/g, (_mark, kind: string, key: string) => `data-t-${kind}="${key}" ${kind === 'label' ? 'aria-label' : 'content'}="${text(key)}"`);
}
