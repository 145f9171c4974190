/** Addresses of the simulators' pages (ACS and redirect providers on their own origin; the redirect and form-submit steps on the gateway's). */
import type { GatewayContext } from '../context';

/** The provider's page where a tester approves, declines or abandons a redirect payment. */
export function providerPageUrl(ctx: GatewayContext, transactionId: string): string {
  return `${ctx.urls.acs}/provider/${encodeURIComponent(transactionId)}`;
}

export function acsMethodUrl(ctx: GatewayContext): string {
  return `${ctx.urls.acs}/acs/3ds-method`;
}

export function acsChallengeUrl(ctx: GatewayContext): string {
  return `${ctx.urls.acs}/acs/challenge`;
}

/** The redirect step's page: on the gateway's origin (spec: "redirect to gateway page"). */
export function acsRedirectUrl(ctx: GatewayContext, transactionId: string): string {
  return `${ctx.urls.gateway}/acs/redirect/${encodeURIComponent(transactionId)}`;
}

/** The form-submit target: the gateway's origin (spec: "form_submit posting trans_status ... to the gateway"). */
export function acsFormSubmitUrl(ctx: GatewayContext): string {
  return `${ctx.urls.gateway}/acs/form-submit`;
}
