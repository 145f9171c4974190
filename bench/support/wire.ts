/**
 * Bytes on the wire, as Chromium counts them (CDP Network.loadingFinished encodedDataLength,
 * which Playwright splits into response headers and encoded body): what was really
 * transferred, Content-Encoding honoured. Counts every request from one origin that starts
 * while recording, in every page and out-of-process frame of a browser context.
 */
import type { BrowserContext, Request, Response } from '@playwright/test';

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

function total(files: (WireRequest | undefined)[]): WireTotal {
  const arrived = files.filter((f): f is WireRequest => f !== undefined);
  return { wire_bytes: arrived.reduce((sum, f) => sum + f.wire_bytes, 0), requests: arrived.length, files: arrived };
}

/**
 * Each request's response sizes, in order; undefined for one that failed or was aborted
 * (nothing arrived), or that never ended (`unfinished`: waiting for it would never return).
 */
async function describe(requests: Request[], unfinished: ReadonlySet<Request>): Promise<(WireRequest | undefined)[]> {
  const files: (WireRequest | undefined)[] = [];
  for (const request of requests) {
    if (unfinished.has(request)) {
      files.push(undefined);
      continue;
    }
    const response = await request.response();
    if (!response) {
      files.push(undefined);
      continue;
    }
    // Aborted mid-body (its frame went away): what crossed the wire is not known.
    if ((await response.finished()) !== null) {
      files.push(undefined);
      continue;
    }
    const sizes = await request.sizes();
    // Served by the browser's cache (the card frame's script, once the preload frame has
    // fetched it): nothing crossed the wire. Chromium reports it as no bytes in all,
    // which Playwright splits into the headers' size and minus that for the body.
    const cached = sizes.responseHeadersSize + sizes.responseBodySize <= 0;
    files.push({
      path: readable(new URL(request.url())),
      status: response.status(),
      encoding: cached ? 'from cache' : ((await response.headerValue('content-encoding')) ?? 'identity'),
      header_bytes: cached ? 0 : sizes.responseHeadersSize,
      body_bytes: cached ? 0 : sizes.responseBodySize,
      wire_bytes: cached ? 0 : sizes.responseHeadersSize + sizes.responseBodySize,
    });
  }
  return files;
}

export function recordWire(context: BrowserContext, origin: string, skip: (path: string) => boolean = () => false) {
  const started: Request[] = [];
  const pending = new Set<Request>();
  const finished = new Set<Request>();
  let recording = true;
  let lastActivity = performance.now();
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (!recording || url.origin !== origin || skip(url.pathname)) return;
    started.push(request);
    pending.add(request);
    lastActivity = performance.now();
  };
  // A response whose first bytes have come counts whole: the card frame's document reports
  // ready from its first view, before its own end (the module after it) has arrived.
  const responded = new Set<Request>();
  const onResponse = (response: Response) => {
    if (pending.has(response.request())) responded.add(response.request());
  };
  const onDone = (request: Request) => {
    if (pending.delete(request)) {
      lastActivity = performance.now();
      finished.add(request);
    }
  };
  context.on('request', onRequest);
  context.on('requestfinished', onDone);
  context.on('requestfailed', onDone);
  context.on('response', onResponse);
  const stopRecording = () => {
    recording = false;
    context.off('response', onResponse);
    context.off('request', onRequest);
    context.off('requestfinished', onDone);
    context.off('requestfailed', onDone);
  };
  return {
    /**
     * Resolves once no counted request has been in flight for `quietMs` (Playwright's
     * 'networkidle' does not see out-of-process frames' requests).
     */
    async idle(quietMs = 500, maxMs = 20_000): Promise<void> {
      const started = performance.now();
      while (pending.size > 0 || performance.now() - lastActivity < quietMs) {
        // A request whose end Playwright never reports (one of a frame that went away) would
        // hold the bench for good, without a word: a full run stalled so on 2026-11-29.
        if (performance.now() - started > maxMs) {
          console.warn(`bench: ${pending.size} request(s) never ended, not counted: ${[...pending].map((r) => readable(new URL(r.url()))).join(', ')}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** The requests that have arrived by now (finished or failed), or begun to (their response's headers have come). */
    arrived(): Set<Request> {
      return new Set([...finished, ...responded]);
    },
    /** Stops counting new requests and waits for the counted ones to finish. */
    async stop(): Promise<WireTotal> {
      stopRecording();
      return total(await describe(started, pending));
    },
    /**
     * Stops, and splits what was counted into what had arrived at `arrived` (arrived()) and the
     * rest. A response taken from the cache by then counts the request that filled the cache
     * as arrived: a reader can stream a cache entry while its writer is still writing it, so
     * that request's own end may be reported just after (the card frame's script, when the
     * mount comes as the preload frame is still fetching it).
     */
    async stopAt(arrived: Set<Request>): Promise<{ before: WireTotal; after: WireTotal }> {
      stopRecording();
      const files = await describe(started, pending);
      const cachedByThen = new Set(files.filter((f, i) => f?.encoding === 'from cache' && arrived.has(started[i]!)).map((f) => f!.path));
      const counted = (i: number) => arrived.has(started[i]!) || (files[i] !== undefined && cachedByThen.has(files[i].path));
      return {
        before: total(files.filter((_, i) => counted(i))),
        after: total(files.filter((_, i) => !counted(i))),
      };
    },
  };
}
