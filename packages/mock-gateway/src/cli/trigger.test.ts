/**
 * `mock-gateway trigger <event>` against a real gateway on loopback, its webhooks going to a
 * receiver that checks each delivery as the spec tells merchants to (SHA-512 of the raw body
 * against the JWT's data.SHA512, the RS256 signature against /.well-known/jwks.json, the
 * audience). One test per event of the spec's table (the tokenization event included): the
 * receiver must get a verified delivery of that event, under the delivery id the command
 * printed, about the transaction (and session, and original) it printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENIZATION_EVENT, WEBHOOK_EVENTS, type TransactionWebhookPayload } from '@payments/core';
import { startGateway, type RunningGateway } from '../server';
import { testStore } from '../test-support/test-stores';
import { runTrigger, TRIGGER_EVENTS, type TriggerResult } from './trigger';

/** The spec's webhook table and the tokenization event: what the command must cover. */
const SPEC_EVENTS = [...WEBHOOK_EVENTS, TOKENIZATION_EVENT];

interface Verified {
  id: string;
  /** The merchant the JWT is for. */
  audience: string;
  event: string;
  body: { event: string; payload?: TransactionWebhookPayload; data?: { transaction_id: string; payment_method_id: string } };
}

interface Receiver {
  url: string;
  /** The verified delivery with this signed id (JWT jti), once it arrives. */
  delivery(id: string): Promise<Verified>;
  refused: () => number;
  close(): Promise<void>;
}

async function startReceiver(gatewayUrl: () => string): Promise<Receiver> {
  const verified = new Map<string, Verified>();
  const waiters = new Set<() => void>();
  let refused = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        try {
          const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
          const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', gatewayUrl()));
          const { payload } = await jwtVerify(token, jwks, { algorithms: ['RS256'], issuer: gatewayUrl(), audience: ['MERCHANT0001', 'MERCHANT0002'], requiredClaims: ['jti'] });
          if ((payload.data as { SHA512?: string } | undefined)?.SHA512 !== createHash('sha512').update(raw).digest('hex')) throw new Error('digest');
          const body = JSON.parse(raw.toString('utf8')) as Verified['body'];
          verified.set(payload.jti!, { id: payload.jti!, audience: String(payload.aud), event: body.event, body });
          response.writeHead(200).end();
          for (const wake of waiters) wake();
        } catch {
          refused += 1;
          response.writeHead(401).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    delivery: (id) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no verified delivery ${id} within 10 s`)), 10_000);
        const check = () => {
          const found = verified.get(id);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs the command in this process; its exit code and what it printed. */
async function trigger(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTrigger(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('mock-gateway trigger', () => {
  let gateway: RunningGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver(() => gateway.url);
    const store = await testStore();
    gateway = await startGateway({ port: 0, acsPort: 0, webhookUrl: receiver.url, ...(store ? { store } : {}) });
  });
  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
  });

  /** The gateway's own record of a transaction: its session. */
  async function sessionOf(transactionId: string, reference: string): Promise<string | null> {
    const response = await fetch(`${gateway.url}/__mock/transactions?reference=${encodeURIComponent(reference)}`, { headers: { 'user-agent': 'vitest' } });
    const records = (await response.json()) as { transaction: { id: string }; session_id: string | null }[];
    return records.find((r) => r.transaction.id === transactionId)?.session_id ?? null;
  }

  it('has a recipe for exactly the events of the spec', () => {
    expect([...TRIGGER_EVENTS].sort()).toEqual([...SPEC_EVENTS].sort());
  });

  it.each(SPEC_EVENTS)('%s: the receiver gets a signed delivery of it, about the printed transaction', async (event) => {
    const run = await trigger(event, '--gateway', gateway.url, '--json');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.out) as TriggerResult;
    expect(printed.event).toBe(event);
    expect(printed.delivery).toMatchObject({ event, state: 'delivered', url: receiver.url });

    const delivery = await receiver.delivery(printed.delivery!.id);
    expect(delivery.event).toBe(event);
    if (event === TOKENIZATION_EVENT) {
      expect(delivery.body.data?.transaction_id).toBe(printed.transaction_id);
    } else {
      expect(delivery.body.payload).toMatchObject({ id: printed.transaction_id, status: printed.transaction.status, reference: printed.transaction.reference });
      expect(delivery.body.payload?.parent_id ?? null).toBe(printed.original_transaction_id);
    }
    // The session the payment was made in (for a management event, the original payment's).
    expect(printed.session_id).toEqual(expect.any(String));
    expect(await sessionOf(printed.original_transaction_id ?? printed.transaction_id, printed.transaction.reference)).toBe(printed.session_id);
  });

  it('accepts the name without its prefix and prints the ids for a person', async () => {
    const run = await trigger('management:refund:approved', '--gateway', gateway.url);
    expect(run.code).toBe(0);
    const id = (label: string) => new RegExp(`^  ${label} +([0-9a-f-]{36})`, 'm').exec(run.out)?.[1];
    expect(run.out).toContain('mock-gateway: triggered transaction-svc:transaction:management:refund:approved');
    const delivery = await receiver.delivery(id('delivery')!);
    expect(delivery.body.payload).toMatchObject({ id: id('transaction'), parent_id: id('original'), transaction_type: 'REFUND', status: 'APPROVED' });
    expect(run.out).toMatch(/delivered: .* answered HTTP 200/);
    expect(run.out).toContain('also announced  transaction-svc:transaction:management:approved');
  });

  it("--client-id of the fixture's second merchant: its secret, client key and terminal, its signed delivery", async () => {
    const run = await trigger('purchase:approved', '--gateway', gateway.url, '--client-id', 'test-client-2', '--json');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.out) as TriggerResult;
    const delivery = await receiver.delivery(printed.delivery!.id);
    expect(delivery.audience).toBe('MERCHANT0002');
    expect(delivery.body.payload).toMatchObject({ id: printed.transaction_id, merchant_id: 'MERCHANT0002', terminal_id: 'TERM00009' });
  });

  it('asks for the secret, client key and terminal of a client id the fixture does not have (exit code 2)', async () => {
    const run = await trigger('purchase:approved', '--gateway', gateway.url, '--client-id', 'their-client');
    expect(run.code).toBe(2);
    expect(run.err).toContain('--client-id their-client is not in the fixture: give its --client-secret too');
    const withSecret = await trigger('purchase:approved', '--gateway', gateway.url, '--client-id', 'their-client', '--client-secret', 's');
    expect(withSecret.err).toContain('give its --client-key too');
  });

  it('refuses an unknown event with the valid ones and exit code 2, before calling any gateway', async () => {
    const run = await trigger('purchase:refunded', '--gateway', 'http://127.0.0.1:1');
    expect(run.code).toBe(2);
    expect(run.err).toContain('unknown event "purchase:refunded"');
    for (const event of SPEC_EVENTS) expect(run.err).toContain(event);
  });

  it('says when no gateway answers (exit code 1)', async () => {
    const run = await trigger('purchase:approved', '--gateway', 'http://127.0.0.1:1');
    expect(run.code).toBe(1);
    expect(run.err).toContain('no gateway answered at http://127.0.0.1:1');
  });

  it('runs as `mock-gateway trigger`: --help lists the events; an unknown event exits 2', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'cli.ts'), 'trigger', ...args], { encoding: 'utf8', timeout: 60_000 });
    const help = cli('--help');
    expect(help.status).toBe(0);
    for (const event of SPEC_EVENTS) expect(help.stdout).toContain(event);

    const unknown = cli('nope');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown event "nope". Valid events:');
  }, 60_000);

  it('runs as `mock-gateway trigger` against a running gateway', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'cli.ts'), 'trigger', 'authorize:declined', '--gateway', gateway.url, '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    const printed = JSON.parse(out) as TriggerResult;
    const delivery = await receiver.delivery(printed.delivery!.id);
    expect(delivery.body.payload).toMatchObject({ id: printed.transaction_id, transaction_type: 'AUTHORIZE', status: 'DECLINED' });
    expect(receiver.refused()).toBe(0);
  }, 60_000);
});
