/**
 * Bytes on the wire, as Chromium counts them (CDP Network.loadingFinished encodedDataLength,
 * which Playwright splits into response headers and encoded body): what was really
 * transferred, Content-Encoding honoured. Counts every request from one origin that starts
 * while recording, in every page and out-of-process frame of a browser context.
 */
import type { BrowserContext, Request } from '@playwright/test';

export interface WireRequest {
  /** Path and query, ids replaced by {id}. */
  path: string;
  status: number;
  encoding: string;
  header_bytes: number;
  body_bytes: number;
  wire_bytes: number;
}

export interface WireTotal {
  wire_bytes: number;
  requests: number;
  files: WireRequest[];
}

const readable = (url: URL) =>
  `${url.pathname}${url.search}`
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}')
    .replace(/([?&](?:client_key|parent_origin)=)[^&]+/g, '$1…')
    .replace(/\?0\.\d+$/, '');

export function recordWire(context: BrowserContext, origin: string, skip: (path: string) => boolean = () => false) {
  const started: Request[] = [];
  const pending = new Set<Request>();
  let recording = true;
  let lastActivity = performance.now();
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (!recording || url.origin !== origin || skip(url.pathname)) return;
    started.push(request);
    pending.add(request);
    lastActivity = performance.now();
  };
  const onDone = (request: Request) => {
    if (pending.delete(request)) lastActivity = performance.now();
  };
  context.on('request', onRequest);
  context.on('requestfinished', onDone);
  context.on('requestfailed', onDone);
  return {
    /**
     * Resolves once no counted request has been in flight for `quietMs` (Playwright's
     * 'networkidle' does not see out-of-process frames' requests).
     */
    async idle(quietMs = 500): Promise<void> {
      while (pending.size > 0 || performance.now() - lastActivity < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Stops counting new requests and waits for the counted ones to finish. */
    async stop(): Promise<WireTotal> {
      recording = false;
      context.off('request', onRequest);
      context.off('requestfinished', onDone);
      context.off('requestfailed', onDone);
      const files: WireRequest[] = [];
      for (const request of started) {
        const response = await request.response();
        if (!response) continue; // failed or aborted: nothing arrived
        await response.finished();
        const sizes = await request.sizes();
        files.push({
          path: readable(new URL(request.url())),
          status: response.status(),
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          header_bytes: sizes.responseHeadersSize,
          body_bytes: sizes.responseBodySize,
          wire_bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        });
      }
      return { wire_bytes: files.reduce((sum, f) => sum + f.wire_bytes, 0), requests: files.length, files };
    },
  };
}
