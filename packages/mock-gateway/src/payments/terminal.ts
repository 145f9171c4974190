/**
 * Terminal checks shared by every transaction route, answering the spec's processing codes:
 * 2013 unknown terminal, 2014 inactive, 2015 not accepting payments, 2017 merchant inactive.
 * A terminal of another merchant is "not found" (no leaking other merchants' terminals).
 */
import { PROCESSING_CODES } from '@payments/core';
import type { MerchantConfig, TerminalConfig, TerminalFeature } from '../config';
import { findMerchant, findTerminal, type GatewayContext } from '../context';
import { invalid } from '../api-error';

export function resolveTerminal(
  ctx: GatewayContext,
  merchantId: string,
  terminalId: string,
  feature?: TerminalFeature,
): { terminal: TerminalConfig; merchant: MerchantConfig } {
  const terminal = findTerminal(ctx, terminalId);
  if (!terminal || terminal.merchant_id !== merchantId) {
    throw invalid('terminal_id', 'Terminal not found', [terminalId], PROCESSING_CODES.TERMINAL_NOT_FOUND);
  }
  const merchant = findMerchant(ctx, merchantId);
  if (!merchant?.active) {
    throw invalid('terminal_id', 'Merchant is inactive', [terminalId], PROCESSING_CODES.MERCHANT_INACTIVE);
  }
  if (!terminal.active) {
    throw invalid('terminal_id', 'Terminal is inactive', [terminalId], PROCESSING_CODES.TERMINAL_INACTIVE);
  }
  if (!terminal.accepting_payments) {
    throw invalid('terminal_id', 'Terminal is not accepting payments', [terminalId], PROCESSING_CODES.TERMINAL_NOT_ACCEPTING_PAYMENTS);
  }
  if (feature && !terminal.features.includes(feature)) {
    throw invalid('terminal_id', `Terminal does not support ${feature}`, [terminalId, feature], PROCESSING_CODES.TERMINAL_NOT_ACCEPTING_PAYMENTS);
  }
  return { terminal, merchant };
}

/** originator_url: as sent, or the terminal's website when omitted or empty (spec: sessions). */
export function originatorUrl(terminal: TerminalConfig, sent: string | undefined | null): string {
  return sent ? sent : terminal.website;
}
