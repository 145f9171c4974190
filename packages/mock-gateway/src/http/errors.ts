/**
 * Every error answer of the gateway in one shape (spec: Errors): the API's error body, the
 * OAuth error body, the edge's empty 403, the store's 503. The apps' error handler, their
 * frameworks' errors and every plugin's 404 answer through here.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@payments/core';
import { ApiError, AuthError, EdgeRejection, NotFoundError, propertyPath } from '../api-error';
import { StoreUnavailableError } from '../store/store-errors';
import { replyStoreUnavailable } from './store-unavailable';

/** A route nobody registered: 404 in the spec's error body. */
export function replyNotFound(request: FastifyRequest, reply: FastifyReply): void {
  reply.code(404).send(errorBody(request, 404, [{ property: '', message: 'Not found', params: [request.url] }]));
}

export function renderError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof EdgeRejection) {
    reply.code(403).header('content-type', 'text/plain').send('');
    return;
  }
  if (error instanceof AuthError) {
    if (error.status === 401) reply.header('www-authenticate', `Bearer error="${error.error}"`);
    reply.code(error.status).send({ error: error.error, error_description: error.description });
    return;
  }
  if (error instanceof ApiError) {
    reply.code(error.status).send(errorBody(request, error.status, error.errors, error.code));
    return;
  }
  if (error instanceof StoreUnavailableError) {
    replyStoreUnavailable(error, request, reply, (status, errors, code) => errorBody(request, status, errors, code));
    return;
  }
  if (error instanceof NotFoundError) {
    reply.code(404).send(errorBody(request, 404, [{ property: '', message: error.message || 'Not found', params: [] }]));
    return;
  }
  if (error.validation) {
    // if/then schemas add an "if" error beside the real one; only the real one is useful.
    const errors = error.validation.filter((v) => v.keyword !== 'if').map((v) => {
      const missing = (v.params as { missingProperty?: string }).missingProperty;
      return {
        property: propertyPath(v.instancePath, missing),
        message: v.message ?? 'is invalid',
        params: Object.values(v.params ?? {}).map((p) => String(p)),
      };
    });
    reply.code(422).send(errorBody(request, 422, errors));
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error(error);
  reply.code(status).send(
    errorBody(request, status, [
      { property: '', message: status === 500 ? 'Internal error' : error.message, params: error.code ? [error.code] : [] },
    ]),
  );
}

export function errorBody(request: FastifyRequest, status: number, errors: ApiErrorBody['errors'], code?: string): ApiErrorBody {
  const body: ApiErrorBody = { errors, method: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`, status };
  if (code) body.code = code;
  return body;
}
