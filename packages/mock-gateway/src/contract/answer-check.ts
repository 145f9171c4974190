/**
 * Checks an answer seen from outside (a proxy, a client) against a served /openapi.json,
 * knowing nothing of the gateway but that document: the concrete path is matched to the
 * document's path templates, and a path or method the document lacks must be answered with
 * its `NotFound` response. A HEAD is held to its GET's statuses, with no body.
 */
import { ContractChecker } from './exchange-check';

type Json = Record<string, unknown>;

/** The answers a path or method the document does not list may get: the document's `components.responses`. */
const UNLISTED: Record<number, string> = { 400: 'UnreadableUrl', 403: 'EdgeRefused', 404: 'NotFound', 414: 'UriTooLong' };

/** One answer as the wire carried it. */
export interface Answer {
  method: string;
  /** The path as sent, without the query (`/api/transactions/abc/status`). */
  path: string;
  status: number;
  contentType: string | undefined;
  body: Buffer | string;
  /** What was asked, when known: the query as an object, the request's JSON body. */
  query?: Record<string, unknown>;
  requestBody?: unknown;
}

interface Template {
  template: string;
  segments: string[];
}

export class AnswerChecker {
  private readonly checker: ContractChecker;
  private readonly templates: Template[];

  constructor(private readonly document: Json) {
    this.checker = new ContractChecker(document);
    this.templates = Object.keys(document.paths as Json)
      .map((template) => {
        return { template, segments: template.split('/').slice(1) };
      })
      // A literal segment wins over a parameter, the first that differs deciding (`/hpp/assets/{file}` over `/hpp/{sessionId}/return`).
      .sort((a, b) => specificity(b).localeCompare(specificity(a)));
  }

  /** The document's path template `path` falls under, if any. */
  templateOf(path: string): string | undefined {
    const segments = path.split('/').slice(1).map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s; // bad percent-encoding: a parameter's value all the same
      }
    });
    // An empty parameter is a value too: the router takes `/api/sessions/` as `/api/sessions/{id}`.
    return this.templates.find((t) => t.segments.length === segments.length && t.segments.every((s, i) => s.startsWith('{') || s === segments[i]))
      ?.template;
  }

  /** What is wrong with `answer`, one line each; empty when it holds to the document. */
  check(answer: Answer): string[] {
    const method = answer.method.toUpperCase();
    const template = this.templateOf(answer.path);
    const operations = template ? ((this.document.paths as Json)[template] as Json) : undefined;
    const documented = method === 'HEAD' ? 'GET' : method;
    const head = method === 'HEAD';
    const payload = answer.body;
    if (!operations?.[documented.toLowerCase()]) {
      const response = UNLISTED[answer.status];
      const where = `${method} ${answer.path} (not in the document) → ${answer.status}`;
      if (!response) return [`${where} (${answer.contentType ?? 'no content type'}): only ${Object.keys(UNLISTED).join(', ')} answer there`];
      return this.checker
        .checkAgainst(['components', 'responses', response], { status: answer.status, contentType: answer.contentType, payload }, undefined, head)
        .map((p) => `${where}: ${p}`);
    }
    return this.checker.check({
      method: documented,
      route: template!.replace(/\{([^}]+)\}/g, ':$1'),
      status: answer.status,
      contentType: answer.contentType,
      payload,
      query: answer.query ?? {},
      body: answer.requestBody,
    }, head);
  }
}

/** `1` for each literal segment, `0` for each parameter: compared as text, literals first win. */
const specificity = (t: Template) => t.segments.map((s) => (s.startsWith('{') ? '0' : '1')).join('');
