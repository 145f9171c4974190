/**
 * Validation against a schema chosen at request time (e.g. by who is calling), through
 * Fastify's own Ajv compiler, so the errors render exactly like route-level validation.
 */
import type { FastifyRequest } from 'fastify';

export class SchemaValidationError extends Error {
  constructor(readonly validation: { instancePath: string; message?: string; params: Record<string, unknown>; keyword: string }[]) {
    super('validation failed');
  }
}

export function validateWith<T>(request: FastifyRequest, schema: object): T {
  const validate = request.compileValidationSchema(schema as Record<string, unknown>);
  if (!validate(request.body)) {
    throw new SchemaValidationError((validate.errors ?? []) as SchemaValidationError['validation']);
  }
  return request.body as T;
}
