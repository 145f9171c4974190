/** Addresses on the simulators' origin (ACS and redirect providers). */
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

export function acsRedirectUrl(ctx: GatewayContext, transactionId: string): string {
  return `${ctx.urls.acs}/acs/redirect/${encodeURIComponent(transactionId)}`;
}

export function acsFormSubmitUrl(ctx: GatewayContext): string {
  return `${ctx.urls.acs}/acs/form-submit`;
}
