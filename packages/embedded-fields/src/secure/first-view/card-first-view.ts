/**
 * The card frame's first view: the new-card form as <ef-card-form> draws it, as HTML, for the
 * gateway to serve in the frame's document itself (GET /frames/card with `config`): the form
 * is drawn and laid out as the document is parsed, and a one-line script at its end posts the
 * ready report, before the frame's module has been compiled or run. The module then takes
 * the first view over (frame-main.ts, ./take-over.ts): what was typed, the focus and the caret
 * move into its own form.
 *
 * Drawn by the element's own render(), from the configuration the host sent (checked as the
 * frame checks it: isFrameConfig, the style allow-list, the translations' keys), in the
 * locale of the catalog the document carries. Built for Node into dist/frame/card-first-view.js
 * (the gateway imports it from the build it serves, so the markup always matches that
 * build's script and stylesheet).
 *
 * What differs from the script's drawing, on purpose: the inputs have no `name` and the form
 * is `method="dialog"`, so nothing can be submitted natively before the script runs; the
 * element is marked FIRST_VIEW_ATTRIBUTE, so the script's element leaves it alone.
 */
import { isLocaleTag, provideMessages, type LocaleTag } from '@payments/core';
import { isFrameConfig } from '../../shared/protocol';
import { CardForm } from '../card-form';
import { CARD_FORM_STYLESHEETS } from '../card-form-stylesheets';
import { filterStyles } from '../style-allow-list';
import { loadFormMessages } from '../form-messages';
import { serialize } from './serialize';
import { CARD_FIRST_VIEW_ID, FIRST_VIEW_ATTRIBUTE } from './take-over';

export { CARD_FIRST_VIEW_ID };

/**
 * The first view's one script, at the end of its body (the gateway allows it by its SHA-256):
 * the ready report, as the frame's module would post it (frame-bootstrap.ts, readyMessage),
 * with the drawn form's height, to the parent origin the gateway served this document for
 * (`parent_origin`, checked against the session). Plain ES5, no sink, nothing else.
 */
export const CARD_FIRST_VIEW_READY_SCRIPT =
  "(function(){var f=document.getElementById('" +
  CARD_FIRST_VIEW_ID +
  "'),o=new URLSearchParams(location.search).get('parent_origin');if(!f||!o||window.parent===window)return;" +
  "performance.mark('ef-ready-report');" +
  "window.parent.postMessage({channel:'embedded-fields',type:'ready',report:{kind:'ready',height:f.getBoundingClientRect().height}},o)})();";

export interface CardFirstViewInput {
  /** The host's configuration, unchecked (it came in the frame's URL). */
  config: unknown;
  /** The locale of the catalog the document carries. */
  locale: LocaleTag;
  /** core's catalog of that locale. */
  catalog: unknown;
}

export interface CardFirstView {
  /** `<ef-card-form id="ef-first-view" data-first-view><form method="dialog" …>…</form></ef-card-form>`: the body's first child. */
  markup: string;
  /**
   * The form's stylesheets, then the merchant's allowed style properties on the first view: for
   * one `<style>` in the head, which the frame's script keeps as the form's stylesheet (it
   * carries none of its own), and whose last rule its form takes the properties from (it
   * carries no allow-list either: card-frame-styles.ts).
   */
  css: string;
}

/**
 * The first view of a new-card form, or undefined when there is none to draw: a saved card,
 * a configuration that is not valid, a locale other than the catalog's.
 */
export async function renderCardFirstView({ config, locale, catalog }: CardFirstViewInput): Promise<CardFirstView | undefined> {
  if (!isFrameConfig(config) || config.component !== 'card' || config.locale !== locale || !isLocaleTag(locale)) return undefined;
  if (!provideMessages(locale, catalog)) return undefined;
  await loadFormMessages(locale, config.translations);
  // Made here in Node, where it is a plain object (frame-element.ts): it never connects, and
  // the state it reports as it is configured goes nowhere.
  const form = Object.assign(new CardForm(), { dispatchEvent: () => true });
  form.config = config;
  form.locale = locale;
  const drawn = serialize((form as unknown as { render(): Parameters<typeof serialize>[0] }).render(), { omitBound: (name) => name === 'name' });
  if (!/^<form\s/.test(drawn)) throw new Error('card first view: the card form no longer starts with its <form>');
  const properties = Object.entries(filterStyles(config.styles));
  return {
    markup: `<ef-card-form id="${CARD_FIRST_VIEW_ID}" ${FIRST_VIEW_ATTRIBUTE}><form method="dialog"${drawn.slice('<form'.length)}</ef-card-form>`,
    css: [
      ...CARD_FORM_STYLESHEETS.map((sheet) => sheet.cssText),
      // The allow-list's values (no `;`, braces, `<`, backslash, comments: style-allow-list.ts) as declarations.
      properties.length > 0 ? `#${CARD_FIRST_VIEW_ID}{${properties.map(([name, value]) => `${name}:${value}`).join(';')}}` : '',
    ].join(''),
  };
}
