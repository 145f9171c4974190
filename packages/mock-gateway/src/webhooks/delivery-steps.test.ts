import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredDelivery } from '../store/delivery-queue';
import { attemptSignal, sendAttempt } from './delivery-steps';

/** The signals Node keeps for `signal` as a source of AbortSignal.any (its dependants' set). */
function dependants(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((symbol) => symbol.description === 'kDependantSignals');
  const set = key ? (signal as unknown as Record<symbol, Set<unknown> | undefined>)[key] : undefined;
  return set?.size ?? 0;
}

let server: Server | undefined;
afterEach(() => server?.close());

async function receiver(): Promise<string> {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

function stored(url: string): StoredDelivery {
  return { delivery: { id: 'd1', url }, raw_body: '{}' } as unknown as StoredDelivery;
}

describe('a webhook attempt and the outbox signal', () => {
  it('leaves nothing behind in the long-lived signal, attempt after attempt (a soak found it growing)', async () => {
    const url = await receiver();
    const outbox = new AbortController();
    for (let i = 0; i < 20; i += 1) {
      const sent = await sendAttempt(stored(url), { 'content-type': 'application/json' }, () => Date.now(), outbox.signal);
      expect(sent.result.status).toBe(204);
    }
    expect(dependants(outbox.signal)).toBe(0);
  });

  it('still ends an attempt when the outbox stops, and after its time', async () => {
    const outbox = new AbortController();
    const stopped = attemptSignal(outbox.signal, 60_000);
    outbox.abort(new Error('closing'));
    expect(stopped.signal.aborted).toBe(true);
    stopped.done();

    const timed = attemptSignal(new AbortController().signal, 20);
    const reason = await new Promise<unknown>((done) => timed.signal.addEventListener('abort', () => done(timed.signal.reason)));
    expect((reason as Error).name).toBe('TimeoutError');
    timed.done();

    const already = new AbortController();
    already.abort();
    expect(attemptSignal(already.signal, 60_000).signal.aborted).toBe(true);
  });
});
