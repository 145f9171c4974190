/**
 * Carries out the fault rules (sandbox/faults.ts) on the plugins that may be faulted (not
 * /__mock/): one onRequest/onSend hook pair per plugin. Phase 'before' answers (or hangs up)
 * before any route runs; phase 'after' lets the route run and replaces or delays its answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GARBAGE_BODY, type FaultRule, type FaultTable } from '../sandbox/faults';

/** Faults chosen at onRequest, carried out at onSend (phase 'after'). */
const pending = new WeakMap<FastifyRequest, FaultRule>();

/** The hook pair, on a plugin whose routes may be faulted. */
export function injectFaults(app: FastifyInstance, table: FaultTable): void {
  app.addHook('onRequest', async (request, reply) => {
    const rule = await table.take(request.method, request.routeOptions.url, request.url.split('?')[0] ?? request.url);
    if (!rule) return;
    if (rule.phase === 'after') {
      pending.set(request, rule);
      return;
    }
    if (rule.mode === 'slow') {
      await sleep(rule.delay_ms);
      return;
    }
    if (rule.mode === 'down') {
      // Hijacked: Fastify runs no route and writes nothing for this request.
      reply.hijack();
      hangUp(reply);
      return reply;
    }
    if (rule.mode === 'error') {
      reply.code(500).header('content-type', 'application/json; charset=utf-8').send(internalErrorBody(request));
      return reply;
    }
    reply.code(200).header('content-type', 'application/json; charset=utf-8').send(GARBAGE_BODY);
    return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const rule = pending.get(request);
    if (!rule) return payload;
    pending.delete(request);
    switch (rule.mode) {
      case 'slow':
        await sleep(rule.delay_ms);
        return payload;
      // The route's body is replaced: its encoding (a compressed document) goes with it.
      case 'error':
        reply.code(500).removeHeader('content-encoding').removeHeader('etag').header('content-type', 'application/json; charset=utf-8');
        return JSON.stringify(internalErrorBody(request));
      case 'garbage':
        reply.code(200).removeHeader('content-encoding').removeHeader('etag').header('content-type', 'application/json; charset=utf-8');
        return GARBAGE_BODY;
      case 'down':
        hangUp(reply);
        return payload;
    }
  });

}

/** The spec's error body for an internal error, like a real 500 of the gateway. */
function internalErrorBody(request: FastifyRequest): { errors: { property: string; message: string; params: string[] }[]; method: string; status: number } {
  return {
    errors: [{ property: '', message: 'Internal error', params: ['INJECTED_FAULT'] }],
    method: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    status: 500,
  };
}

/** Drops the connection: the client sees a reset, never an answer. */
function hangUp(reply: FastifyReply): void {
  reply.raw.socket?.destroy();
  reply.raw.destroy();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
