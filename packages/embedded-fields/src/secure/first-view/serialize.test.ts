import { html, nothing, svg } from 'lit/html.js';
import { live } from 'lit/directives/live.js';
import { describe, expect, it } from 'vitest';
import { serialize, TrustedMarkup } from './serialize';

const HOSTILE = `<img src=x onerror=alert(1)>"'&`;

describe('serialize: lit templates as the markup lit would draw', () => {
  it('escapes every value, in text and in attributes', () => {
    const out = serialize(html`<p title=${HOSTILE} class="a ${HOSTILE}">${HOSTILE}</p>`);
    expect(out).toBe(
      '<p title="&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;" class="a &lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;">&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;</p>',
    );
    expect(out).not.toContain('<img');
  });

  it('applies bindings as lit does: nothing removes, ? toggles, .value/.checked as attributes, @ and other . dropped', () => {
    const out = serialize(
      html`<input id=${'x'} aria-describedby=${nothing} ?required=${true} ?disabled=${false} .value=${'42'} .checked=${live(true)} .foo=${1} @input=${() => 0} /><input .value=${''} />`,
    );
    expect(out).toBe('<input id="x"  required  value="42" checked   /><input  />');
  });

  it('nests templates, lists, svg and trusted markup; leaves out nothing, null and false', () => {
    const item = (n: number) => html`<li>${n}</li>`;
    const out = serialize(html`<ul>${[1, 2].map(item)}${nothing}${null}${false}</ul>${svg`<rect x=${1} />`}${new TrustedMarkup('<b>ok</b>')}`);
    expect(out).toBe('<ul><li>1</li><li>2</li></ul><rect x="1" /><b>ok</b>');
  });

  it('quoted whole bindings keep one pair of quotes; omitBound leaves an attribute out', () => {
    expect(serialize(html`<a href="${'/x?a=1&b=2'}" name=${'n'}>x</a>`, { omitBound: (name) => name === 'name' })).toBe('<a href="/x?a=1&amp;b=2" >x</a>');
  });

  it('refuses what it cannot show', () => {
    expect(() => serialize(html`<p>${{}}</p>`)).toThrow(TypeError);
  });
});
