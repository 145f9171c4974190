/**
 * The answers a route can give besides its success: every route names the error statuses it
 * can answer, and they are described once here. The edge's 403 (empty text/plain body) and an
 * unreadable request (400, 413, 415) can answer any request, so every route documents them;
 * 500 is an injected fault (`/__mock/faults` mode `error`) or a bug; 503 is "the store does not answer" (one shared response component,
 * `#/components/responses/Unavailable`, put in place by document.ts).
 */
import { ref } from './components';

/** Marks the 503 the document replaces with the shared `Unavailable` response. */
export const UNAVAILABLE_DESCRIPTION = 'The store does not answer; retry after `Retry-After` seconds.';

export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 422 | 500 | 503;

const json = (schema: unknown) => ({ 'application/json': { schema } });
const edge = { 'text/plain': { schema: { type: 'string', maxLength: 0, description: 'Empty: the edge refused the request.' } } };

const ERROR_RESPONSES: Record<ErrorStatus, { description: string; content: Record<string, { schema: unknown }> }> = {
  400: {
    description: 'A request the gateway cannot read (a body that is not JSON), or refused before a transaction was created (an invalid `options.three_ds.notification_url`).',
    content: json(ref('ErrorBody')),
  },
  401: { description: 'No credentials, or credentials the gateway does not accept.', content: json(ref('AuthErrorBody')) },
  403: {
    description: "A missing permission (JSON), or the edge's refusal: no User-Agent, markup, SQL or path traversal in a field (empty body).",
    content: { ...json(ref('AuthErrorBody')), ...edge },
  },
  404: { description: 'Not found (an unknown session or transaction).', content: json(ref('ErrorBody')) },
  413: { description: 'The body is over 1 MiB.', content: json(ref('ErrorBody')) },
  415: {
    description: 'A body of a type the route does not take (the token endpoint: application/x-www-form-urlencoded only).',
    content: json({ anyOf: [ref('ErrorBody'), ref('AuthErrorBody')] }),
  },
  422: { description: 'Validation failure: one item per property, with the property path as the spec writes it.', content: json(ref('ErrorBody')) },
  500: { description: 'An injected fault (`POST /__mock/faults`, mode `error`) or an internal error.', content: json(ref('ErrorBody')) },
  503: { description: UNAVAILABLE_DESCRIPTION, content: json(ref('ErrorBody')) },
};

/**
 * Statuses every route can answer whatever it does: a request it cannot read (bad JSON, too
 * large, an unknown content type, sent even with a GET), the edge, an injected fault.
 */
const ALWAYS: ErrorStatus[] = [400, 403, 413, 415, 500];
/** What a route that reads or writes the store adds: validation, authentication, an unavailable store. */
export const STORE_BACKED: ErrorStatus[] = [401, 422, 503];

/** A route's `response` schema: its successes (status → body schema) and its error statuses. */
export function responses(success: Record<number, unknown>, errors: ErrorStatus[] = STORE_BACKED) {
  const answers: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(success)) answers[status] = schema;
  for (const status of [...new Set([...errors, ...ALWAYS])].sort()) answers[status] = ERROR_RESPONSES[status];
  return answers;
}

/** A success answered with a JSON body, with a description. */
export const ok = (description: string, schema: Record<string, unknown>) => ({ description, ...schema });
