/**
 * Leaving the merchant page for a full-page 3-D Secure step: a top-level redirect, or an
 * auto-submitted hidden form. Only http(s) URLs on the gateway's or ACS's side are followed;
 * a `javascript:` URL would run script in the merchant's page.
 */
import { isSafeNavigationUrl } from '@payments/core';
import { postForm } from '../shared/form-post';
import { isNavigationRequest, type NavigationRequest } from '../shared/protocol';

export function navigate(request: NavigationRequest, allowHttp: boolean): boolean {
  if (!isNavigationRequest(request)) return false;
  if (!isSafeNavigationUrl(request.url, { allowHttp })) return false;
  if (request.kind === 'redirect') {
    window.location.assign(request.url);
    return true;
  }
  postForm(request.url, request.data);
  return true;
}
