/**
 * Errors in the spec's shapes: 422 validation bodies (`errors[{message, params, property}]`,
 * `method`, `status`), JSON `{error}` bodies for authorization failures, and the edge's empty
 * 403. Routes throw these; the error handler in `app.ts` renders them.
 */
import type { ApiErrorItem } from '@payments/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    /** A processing code (e.g. 2013) or a named code (INVALID_REQUEST_PAYMENT_METHOD_INACTIVE). */
    readonly code?: string,
  ) {
    super(errors.map((e) => `${e.property}: ${e.message}`).join('; '));
  }
}

/** A 422 about one property, with the property path written as the spec writes it. */
export function invalid(property: string, message: string, params: string[] = [], code?: string): ApiError {
  return new ApiError(422, [{ property, message, params }], code);
}

/** An authorization failure: JSON body with an `error` field (OAuth 2 style). */
export class AuthError extends Error {
  constructor(
    readonly status: 401 | 403 | 415,
    readonly error: 'invalid_client' | 'invalid_token' | 'insufficient_scope' | 'unsupported_grant_type' | 'invalid_request',
    readonly description: string,
  ) {
    super(description);
  }
}

/** The edge's answer: 403 with an empty body. */
export class EdgeRejection extends Error {}

/** 404 for an unknown resource in a path (e.g. a transaction that does not exist). */
export class NotFoundError extends Error {}

/** Ajv error (as Fastify exposes it) → the spec's property path, e.g. `payment_method.data.email`. */
export function propertyPath(instancePath: string, missingProperty?: string): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (missingProperty) parts.push(missingProperty);
  return parts
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}
