/**
 * Leaving the merchant page for a full-page 3-D Secure step: a top-level redirect, or an
 * auto-submitted hidden form. Only http(s) URLs on the gateway's or ACS's side are followed;
 * a `javascript:` URL would run script in the merchant's page.
 */
import { isSafeNavigationUrl } from '@payments/core';
import type { NavigationRequest } from '../shared/protocol';

export function navigate(request: NavigationRequest, allowHttp: boolean): boolean {
  if (!isSafeNavigationUrl(request.url, { allowHttp })) return false;
  if (request.kind === 'redirect') {
    window.location.assign(request.url);
    return true;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = request.url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(request.data)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  return true;
}
