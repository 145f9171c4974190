import type { GatewayContext } from '../context';
import type { TransactionRecord } from '../store/records';
import { originOf } from './html';

/** Who may frame the challenge and its notification page: the merchant's page, or the hosted page. */
export function allowedFramers(ctx: GatewayContext, record: TransactionRecord): string[] {
  return [...new Set([originOf(record.originator_url), ctx.urls.gateway].filter(Boolean))];
}
