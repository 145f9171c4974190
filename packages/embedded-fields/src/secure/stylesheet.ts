/**
 * The frames' stylesheets, written as css`…` (plain CSS, no interpolation) so the build
 * minifies them (build/vite-plugins.ts), and adopted on the frame's document
 * (form-controller.ts) as one constructed sheet each, or as a <style> where a browser cannot.
 */
export class Stylesheet {
  #sheet: CSSStyleSheet | null | undefined;

  constructor(readonly cssText: string) {}

  /** The constructed sheet, made once; undefined where constructable stylesheets are missing. */
  get styleSheet(): CSSStyleSheet | undefined {
    if (this.#sheet === undefined) {
      try {
        this.#sheet = new CSSStyleSheet();
        this.#sheet.replaceSync(this.cssText);
      } catch {
        this.#sheet = null;
      }
    }
    return this.#sheet ?? undefined;
  }
}

export function css(strings: TemplateStringsArray): Stylesheet {
  return new Stylesheet(strings.join(''));
}
