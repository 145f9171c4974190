/**
 * A gateway that remembers (README, "Running a sandbox that lasts"): a real `mock-gateway
 * --data DIR` process is killed with SIGKILL mid-work and started again on the same
 * directory. What was stored before the kill is there after it, and the webhook deliveries
 * that were failing arrive once the receiver recovers, each under the id (and JWT jti) it had.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_BROWSER_INFO } from '@payments/core';
import { afterAll, describe, expect, it, vi } from 'vitest';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const UA = { 'user-agent': 'crash-recovery-test' };

interface Running {
  child: ChildProcess;
  url: string;
  acsUrl: string;
}

async function startGatewayProcess(dataDir: string, webhookUrl: string): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', '0', '--data', dataDir, '--webhook-url', webhookUrl, '--webhook-retry-base-ms', '300', '--no-build'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      const acsUrl = /ACS and providers:\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (url && acsUrl) {
        clearTimeout(timer);
        resolve({ child, url, acsUrl });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`gateway exited (${code}):\n${output}`)));
  });
}

function killHard(running: Running): Promise<void> {
  return new Promise((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill('SIGKILL');
  });
}

/** A webhook receiver that answers 500 until told to recover; it notes every attempt. */
function startReceiver() {
  const attempts: { id: string; jti: string; status: number }[] = [];
  let healthy = false;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const jwt = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString() || '{}') as { jti?: string };
      const status = healthy ? 200 : 500;
      attempts.push({ id: String(request.headers['x-webhook-id']), jti: payload.jti ?? '', status });
      response.statusCode = status;
      response.end();
    });
  });
  return new Promise<{ url: string; attempts: typeof attempts; recover(): void; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
        attempts,
        recover: () => (healthy = true),
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function api<T>(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...UA, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function token(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { ...UA, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=test-client&client_secret=test-secret',
  });
  const { access_token: accessToken } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function encrypter(base: string, auth: Record<string, string>) {
  const key = (await api<{ key_id: string; public_key: string }>(base, 'GET', '/api/encryption-key', undefined, auth)).body;
  const encrypt = (value: string) =>
    publicEncrypt({ key: key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');
  return { keyId: key.key_id, encrypt };
}

function cardPayment(encrypt: (value: string) => string, number: string, extra: Record<string, unknown>) {
  return {
    terminal_id: 'TERM00001',
    description: 'Crash test',
    currency: 'EUR',
    amount: 1000,
    transaction_type: 'PURCHASE',
    return_url: 'http://localhost:5173/return',
    browser_info: TEST_BROWSER_INFO,
    payment_method: {
      type: 'card',
      data: {
        encrypted_card_number: encrypt(number),
        encrypted_expiration_month: encrypt('12'),
        encrypted_expiration_year: encrypt(String(new Date().getFullYear() + 2)),
        encrypted_cvv: encrypt('123'),
      },
    },
    ...extra,
  };
}

interface Execution {
  result: { id: string; status: string; payment_method: { hash: string | null; token: string | null } } | null;
  action: { transaction_id: string; session_id: string; token: string; payment_data: string } | null;
}

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// Its own store, whatever GATEWAY_TEST_STORE says: run once, in the memory run.
describe.skipIf(process.env.GATEWAY_TEST_STORE !== undefined)('mock-gateway --data DIR after kill -9', () => {
  it('keeps the customer, the saved card and its hash, the session, the challenge and the failing deliveries', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());

    // ---- Before the crash.
    let gateway = await startGatewayProcess(dataDir, receiver.url);
    cleanups.push(() => gateway.child.kill('SIGKILL'));
    let auth = await token(gateway.url);
    const before = await encrypter(gateway.url, auth);

    const customer = await api<{ id: string }>(gateway.url, 'POST', '/api/customers', { email: 'ana@example.com', first_name: 'Ana' }, auth);
    expect(customer.status).toBe(200);
    const saving = await api<Execution>(
      gateway.url,
      'POST',
      '/api/transactions/authorize',
      cardPayment(before.encrypt, '4000000000000002', {
        reference: 'save-card',
        customer: { id: customer.body.id },
        tokenization: { save_card_for_future_payments: true },
      }),
      auth,
    );
    expect(saving.body.result, JSON.stringify(saving.body)).toMatchObject({ status: 'APPROVED' });
    const savedCardId = saving.body.result!.payment_method.token!;
    const hashBefore = saving.body.result!.payment_method.hash;
    expect(savedCardId).toMatch(/^pm_/);
    const cvvEncryptedBefore = before.encrypt('123'); // as a card frame opened before the crash would send it

    const session = await api<{ id: string }>(
      gateway.url,
      'POST',
      '/api/sessions',
      { terminal_id: 'TERM00001', reference: 'open-session', description: 'Later', currency: 'EUR', amount: 500, transaction_type: 'PURCHASE', return_url: 'http://localhost:5173/return' },
      auth,
    );
    expect(session.status).toBe(200);

    const started = await api<Execution>(
      gateway.url,
      'POST',
      '/api/transactions/authorize',
      { ...cardPayment(before.encrypt, '4111111111111111', { reference: 'challenge' }), terminal_id: 'TERM00002', metadata: { simulated_flow: 'VERSIONING_FINGERPRINT_Y_CHALLENGE' } },
      auth,
    );
    const fingerprint = started.body.action!;
    const challenge = await api<Execution>(
      gateway.url,
      'POST',
      `/api/transactions/three-ds/${fingerprint.session_id}/request-authentication`,
      { fingerprint_result: btoa('Y'), payment_data: fingerprint.payment_data },
      auth,
    );
    const challengeAction = challenge.body.action!;
    const challengeToken = JSON.parse(atob(challengeAction.token)) as { acs_trans_id: string; three_ds_server_trans_id: string };

    for (let i = 0; i < 20; i++) {
      const paid = await api<Execution>(gateway.url, 'POST', '/api/transactions/authorize', cardPayment(before.encrypt, '4000000000000002', { reference: `order-${i}` }), auth);
      expect(paid.body.result?.status).toBe('APPROVED');
    }
    // Every delivery so far has been tried at least once and refused.
    const deliveries = async (base: string) =>
      (await api<{ deliveries: { id: string; state: string; attempts: unknown[] }[] }>(base, 'GET', '/__mock/webhooks')).body.deliveries;
    const open = await vi.waitFor(
      async () => {
        const found = await deliveries(gateway.url);
        expect(found.length).toBeGreaterThanOrEqual(20);
        expect(found.every((d) => d.attempts.length > 0)).toBe(true);
        return found;
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(open.every((d) => d.state === 'pending')).toBe(true);
    const idsBefore = new Set(open.map((d) => d.id));

    await killHard(gateway);
    receiver.recover();

    // ---- After the crash, on the same directory.
    gateway = await startGatewayProcess(dataDir, receiver.url);
    auth = await token(gateway.url);
    const after = await encrypter(gateway.url, auth);
    expect(after.keyId).toBe(before.keyId);

    const reopened = await api<{ id: string; status: string }>(gateway.url, 'GET', `/api/sessions/${session.body.id}`, undefined, { 'x-client-key': 'test-client-key' });
    expect(reopened.body).toMatchObject({ id: session.body.id, status: 'CREATED' });

    const reused = await api<Execution>(
      gateway.url,
      'POST',
      '/api/transactions/authorize',
      {
        ...cardPayment(after.encrypt, '4000000000000002', { reference: 'saved-card-again', customer: { id: customer.body.id } }),
        payment_method: { type: 'saved_card', data: { payment_method_id: savedCardId, encrypted_cvv: cvvEncryptedBefore } },
      },
      auth,
    );
    expect(reused.body.result).toMatchObject({ status: 'APPROVED', payment_method: { hash: hashBefore, token: savedCardId } });

    // The issuer approves on its page, then the merchant reports the challenge complete.
    const form = new URLSearchParams({
      three_ds_server_trans_id: challengeToken.three_ds_server_trans_id,
      acs_trans_id: challengeToken.acs_trans_id,
      outcome: 'approve',
    });
    const issuer = await fetch(`${gateway.acsUrl}/acs/challenge/result`, {
      method: 'POST',
      headers: { ...UA, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(issuer.status).toBe(200);
    const completed = await api<Execution>(
      gateway.url,
      'POST',
      '/api/transactions/three-ds/authentication-completed',
      { session_id: challengeAction.session_id, trans_status: 'Y', payment_data: challengeAction.payment_data },
      auth,
    );
    expect(completed.body.result?.status).toBe('APPROVED');

    // Every delivery refused before the crash arrives, once, with the id and jti it had.
    const acknowledged = () => receiver.attempts.filter((a) => a.status === 200 && idsBefore.has(a.id));
    await expect.poll(() => new Set(acknowledged().map((a) => a.id)).size, { timeout: 60_000, interval: 200 }).toBe(idsBefore.size);
    const arrived = acknowledged();
    expect(new Set(arrived.map((a) => a.id))).toEqual(idsBefore);
    expect(arrived).toHaveLength(idsBefore.size);
    expect(arrived.every((a) => a.jti === a.id)).toBe(true);
    const refusedBefore = receiver.attempts.filter((a) => a.status === 500);
    expect(refusedBefore.every((a) => a.jti === a.id && idsBefore.has(a.id))).toBe(true);
  });
});
