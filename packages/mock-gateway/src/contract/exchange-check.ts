/**
 * Holds the gateway to its document, for tests: every request it accepts and every answer
 * it gives is validated against /openapi.json (Ajv in JSON Schema 2020-12 mode over the
 * document's own schemas). Installed by the test harness and by the QA kit's launcher in
 * test mode (`GatewayOptions.contractCheck`); never in a sandbox people use.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { FORMATS } from '../http/schemas';
import { GARBAGE_BODY } from '../sandbox/faults';
import { documentedPath } from './document';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; content?: Record<string, MediaType> }>;
}

/** One exchange: what was asked, what was answered. */
export interface Exchange {
  method: string;
  /** The route as Fastify registered it (`/api/transactions/:id/status`). */
  route: string;
  status: number;
  contentType: string | undefined;
  /** The answer as sent: text, a Buffer, or undefined for a stream or nothing. */
  payload: unknown;
  body?: unknown;
  query?: unknown;
}

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats.default(this.ajv);
    for (const [name, check] of Object.entries(FORMATS)) this.ajv.addFormat(name, check);
    this.ajv.addSchema(document, 'openapi.json');
  }

  /** What is wrong with `exchange`, one line each; empty when it holds to the document. */
  check(exchange: Exchange, head = false): string[] {
    const path = documentedPath(exchange.route).replace(/:([A-Za-z_]+)/g, '{$1}');
    const paths = this.document.paths as Record<string, Record<string, Operation>>;
    const method = exchange.method.toLowerCase();
    const operation = paths[path]?.[method];
    if (!operation) return [];
    const where = `${exchange.method} ${path} → ${exchange.status}`;
    const problems: string[] = [];
    if (exchange.status < 400) problems.push(...this.checkRequest(operation, path, method, exchange).map((p) => `${where}: request ${p}`));
    problems.push(...this.checkResponse(operation, path, method, exchange, head).map((p) => `${where}: ${p}`));
    return problems;
  }

  private checkRequest(operation: Operation, path: string, method: string, exchange: Exchange): string[] {
    const problems: string[] = [];
    const query = (exchange.query ?? {}) as Json;
    (operation.parameters ?? []).forEach((parameter, i) => {
      if (parameter.in !== 'query') return;
      const value = query[parameter.name];
      if (value === undefined) {
        if (parameter.required) problems.push(`query ${parameter.name} is required`);
        return;
      }
      problems.push(...this.validate(['paths', path, method, 'parameters', String(i), 'schema'], value, `query ${parameter.name}`));
    });
    const content = operation.requestBody?.content;
    if (content && exchange.body !== undefined) {
      const media = Object.keys(content)[0]!;
      problems.push(...this.validate(['paths', path, method, 'requestBody', 'content', media, 'schema'], exchange.body, 'body'));
    }
    return problems;
  }

  private checkResponse(operation: Operation, path: string, method: string, exchange: Exchange, head: boolean): string[] {
    const status = String(exchange.status);
    const key = operation.responses[status] ? status : operation.responses[`${status[0]}XX`] ? `${status[0]}XX` : 'default';
    if (!operation.responses[key]) return [`status ${status} is not in the document`];
    return this.checkAgainst(['paths', path, method, 'responses', key], exchange, undefined, head);
  }

  /**
   * What is wrong with an answer given the response object at `pointer` (a `$ref` followed):
   * its status (when `status` is given), content type and body. A HEAD's empty body is left
   * alone (`head`).
   */
  checkAgainst(pointer: string[], answer: Pick<Exchange, 'status' | 'contentType' | 'payload'>, status?: number, head = false): string[] {
    if (status !== undefined && answer.status !== status) return [`status ${answer.status} where the document says ${status}`];
    let response = pointer.reduce<Json | undefined>((node, part) => node?.[part] as Json | undefined, this.document) as
      | { $ref?: string; content?: Record<string, MediaType> }
      | undefined;
    if (response?.$ref) {
      pointer = response.$ref.slice(2).split('/');
      response = pointer.reduce<Json>((node, part) => node[part] as Json, this.document) as typeof response;
    }
    if (!response) return [`the document has no ${pointer.join('/')}`];
    if (!response.content) return answer.payload === undefined || String(answer.payload) === '' ? [] : ['a body where the document has none'];
    const mime = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!response.content[mime]) return [`content type "${mime}" is not one of ${Object.keys(response.content).join(', ')}`];
    if (head) return [];
    if (typeof answer.payload !== 'string' && !Buffer.isBuffer(answer.payload)) return []; // a stream
    const text = answer.payload.toString();
    let body: unknown = text;
    if (mime === 'application/json') {
      try {
        body = JSON.parse(text);
      } catch {
        return ['the body is not JSON'];
      }
    }
    return this.validate([...pointer, 'content', mime, 'schema'], body, 'body');
  }

  private validate(pointer: string[], value: unknown, what: string): string[] {
    const ref = `openapi.json#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    let validate = this.compiled.get(ref);
    if (!validate) this.compiled.set(ref, (validate = this.ajv.compile({ $ref: ref })));
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`);
  }
}

/**
 * Checks every exchange of `app` against `document()` (read once, on first use), and hands
 * each mismatch to `report`. A faulted answer (`/__mock/faults` mode garbage) is left alone:
 * it is broken on purpose.
 */
export function checkExchanges(app: FastifyInstance, document: () => Json, report: (problem: string) => void): void {
  let checker: ContractChecker | undefined;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'HEAD' || (Buffer.isBuffer(payload) && payload.equals(GARBAGE_BODY))) return payload;
    checker ??= new ContractChecker(document());
    const contentType = reply.getHeader('content-type');
    const problems = checker.check({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      payload: decoded(payload, reply.getHeader('content-encoding')),
      body: request.body,
      query: request.query,
    });
    for (const problem of problems) report(problem);
    return payload;
  });
}

/** A precompressed answer's body as its schema describes it: without its content coding. */
function decoded(payload: unknown, encoding: unknown): unknown {
  if (!Buffer.isBuffer(payload) || typeof encoding !== 'string') return payload;
  if (encoding === 'br') return brotliDecompressSync(payload);
  if (encoding === 'gzip') return gunzipSync(payload);
  if (encoding === 'deflate') return inflateSync(payload);
  return payload;
}

