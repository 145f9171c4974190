/**
 * A request that needed the database while it failed: 503 with Retry-After, in the spec's
 * error body, saying which of the sandbox's own parts is at fault (its database restarting
 * or unreachable, its storage full). Never a 500: nothing is wrong with the request, and a
 * client that sends it again later (same reference: idempotent) gets its answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@payments/core';
import { RETRY_AFTER_SECONDS, type StoreUnavailableError } from '../store/store-errors';

export function replyStoreUnavailable(
  error: StoreUnavailableError,
  request: FastifyRequest,
  reply: FastifyReply,
  body: (status: number, errors: ApiErrorBody['errors'], code?: string) => ApiErrorBody,
): void {
  request.log.warn({ detail: error.detail }, error.message);
  const code = error.fault === 'full' ? 'SANDBOX_STORAGE_FULL' : 'SANDBOX_DATABASE_UNAVAILABLE';
  reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS[error.fault]))
    .header('cache-control', 'no-store')
    .send(body(503, [{ property: '', message: error.message, params: [code] }], code));
}
