/**
 * A validating proxy for a QA team: it stands between a client and a gateway, forwards every
 * request as it came (any method, body, header) and checks every answer against the
 * gateway's own served /openapi.json, knowing nothing else of it. What does not hold is kept
 * for the test to read (`takeMismatches`), and the answer still reaches the client unchanged.
 *
 *   const proxy = await startValidatingProxy({ target: 'http://127.0.0.1:4010' });
 *   // point the client at proxy.url … then:
 *   expect(proxy.takeMismatches()).toEqual([]);
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { AnswerChecker } from '@payments/mock-gateway';

/** The gateway's body limit (1 MiB). */
const TOO_LARGE = 1024 * 1024;

export interface ValidatingProxyOptions {
  /** The gateway's origin. */
  target: string;
  /** The document to hold it to (default: the target's GET /openapi.json, read once). */
  document?: Record<string, unknown>;
  port?: number;
}

export interface ValidatingProxy {
  url: string;
  /** Every answer so far that the document does not allow (emptied by the call). */
  takeMismatches(): string[];
  close(): Promise<void>;
}

export async function startValidatingProxy(options: ValidatingProxyOptions): Promise<ValidatingProxy> {
  const target = new URL(options.target);
  const document = options.document ?? (await servedDocument(target));
  const checker = new AnswerChecker(document);
  const mismatches: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const requestChunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => requestChunks.push(chunk));
    incoming.on('end', () => {
      const requestBody = Buffer.concat(requestChunks);
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
        (answer) => {
          const check = (body: Buffer) => {
            try {
              mismatches.push(...checkAnswer(checker, incoming.method ?? 'GET', incoming.url ?? '/', incoming.headers, requestBody, answer.statusCode ?? 0, answer.headers, body));
            } catch (error) {
              mismatches.push(`${incoming.method} ${incoming.url}: the proxy could not check the answer (${String(error)})`);
            }
          };
          // A stream (server-sent events) has no end to wait for: its status and type are checked, then it flows.
          if (/^text\/event-stream\b/i.test(answer.headers['content-type'] ?? '')) {
            check(Buffer.alloc(0));
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
            outgoing.on('close', () => answer.destroy());
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(chunks);
            check(body);
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(body);
          });
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A gateway that answers 413 early may close before the whole body is written.
        if (!(requestBody.length > TOO_LARGE && (error.code === 'EPIPE' || error.code === 'ECONNRESET'))) {
          mismatches.push(`${incoming.method} ${incoming.url}: no answer (${error.message})`);
        }
        outgoing.destroy();
      });
      upstream.end(requestBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    takeMismatches: () => mismatches.splice(0),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function servedDocument(target: URL): Promise<Record<string, unknown>> {
  const answer = await fetch(new URL('/openapi.json', target), { headers: { 'user-agent': 'payments-validating-proxy' } });
  if (!answer.ok) throw new Error(`${target.origin}/openapi.json answered ${answer.status}`);
  return (await answer.json()) as Record<string, unknown>;
}

function checkAnswer(
  checker: AnswerChecker,
  method: string,
  url: string,
  requestHeaders: IncomingHttpHeaders,
  requestBody: Buffer,
  status: number,
  headers: IncomingHttpHeaders,
  body: Buffer,
): string[] {
  // Not new URL(): it would resolve `//x` as a host and `..` segments, which the gateway sees as sent.
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(at < 0 ? '' : url.slice(at + 1))) query[name] = name in query ? [query[name], value].flat() : value;
  return checker.check({
    method,
    path,
    status,
    contentType: headers['content-type'],
    body: decoded(headers['content-encoding'], body),
    query,
    requestBody: jsonBody(requestHeaders['content-type'], requestBody),
  });
}

function jsonBody(contentType: string | undefined, body: Buffer): unknown {
  if (body.length === 0 || !/^application\/json\b/i.test(contentType ?? '')) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The body as the document describes it: without its content coding (br, gzip, deflate). */
function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (body.length === 0) return body;
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}
