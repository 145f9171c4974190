/**
 * The language of the gateway's own pages (the test issuer's, the providers'): the shopper's,
 * from the most deliberate source there is: the hosted page session's `language`, then the
 * payment's browser_info.language (or a method's data.language), then the browser's
 * Accept-Language; else en-US. Each is matched as core's resolveLocale matches tags
 * ('sv-FI' → sv-SE, 'Bosanski' through the hosted page's names).
 */
import { resolveLocale, type LocaleTag } from '@payments/core';
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import type { TransactionRecord } from '../store/records';

/** Accept-Language's tags, most wanted first (q=0 left out); at most 10 looked at. */
export function acceptLanguages(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .slice(0, 10)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

export async function shopperLocale(ctx: GatewayContext, record: TransactionRecord | undefined, request: FastifyRequest): Promise<LocaleTag> {
  const session = record?.session_id ? await ctx.store.session(record.session_id) : undefined;
  const chosen = [session?.hpp?.language, record?.shopper_language].filter((tag): tag is string => typeof tag === 'string');
  return resolveLocale(undefined, [...chosen, ...acceptLanguages(request.headers['accept-language'])]);
}
