/**
 * Server rendering (Node, no DOM): importing @payments/react and rendering a checkout with
 * every component touches no `window`, warns about nothing, and gives one empty placeholder
 * per component (what the browser's first render gives too: hydration.test.ts).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardComponent } from './index';
import { checkout } from './test-support/checkout';

describe('on a server', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders one empty placeholder per component, touching no window and logging nothing', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const html = renderToString(checkout());
    expect(html).toBe(
      '<div class="card" data-payment-component="card"></div><div data-payment-component="saved-card"></div><div data-payment-component="alternative-payment-method"></div>',
    );
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('a component outside a provider says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderToString(createElement(CardComponent, { sessionId: 'ses_1' }))).toThrow('<CardComponent> must be inside a <PaymentComponentProvider>');
  });
});
