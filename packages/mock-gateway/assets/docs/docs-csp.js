// Runs before Scalar's standalone build on GET /docs, so the reference lives under the page's
// strict CSP (no 'unsafe-eval', no 'unsafe-inline') without a violation:
//  - zod, inside Scalar, probes `Function('')` to decide whether to compile validators; with
//    jitless set it never asks (the probe alone is a CSP violation report);
//  - every <style> element the page's own scripts create carries the page's nonce (Scalar gives
//    it to its first stylesheet only; the others are injected the same way);
//  - a style set as an attribute, or written into markup (the code samples' highlighting sets
//    `style="--line-count: 6"` through innerHTML), goes through the CSSOM instead (el.style),
//    which the CSP allows: an inline style attribute it would block.
(() => {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
  const nonce = document.querySelector('meta[property="csp-nonce"]')?.getAttribute('content') ?? '';
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tagName, options) {
    const element = createElement.call(this, tagName, options);
    if (String(tagName).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (String(name).toLowerCase() === 'style' && this.style) {
      this.style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
  const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  Object.defineProperty(Element.prototype, 'innerHTML', {
    ...innerHTML,
    set(value) {
      const markup = String(value);
      if (!/\sstyle\s*=/i.test(markup)) {
        innerHTML.set.call(this, value);
        return;
      }
      // Renamed before parsing (the parser would check an inline style attribute), then moved
      // to the CSSOM. In markup, a quote inside text is escaped: ` style="` is an attribute.
      innerHTML.set.call(this, markup.replace(/\sstyle\s*=\s*(["'])/gi, ' data-docs-style=$1'));
      for (const element of this.querySelectorAll('[data-docs-style]')) {
        element.style.cssText = element.getAttribute('data-docs-style');
        element.removeAttribute('data-docs-style');
      }
    },
  });
})();
