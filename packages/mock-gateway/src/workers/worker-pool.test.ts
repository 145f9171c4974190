/**
 * The worker pool the card decrypts run in: answers and errors reach their caller, a busy
 * worker already holds its next task, a crashed worker fails only the task it was running and
 * is replaced, tasks beyond the pool's size wait their turn, and close() ends every thread (the
 * test process would hang on a leftover one).
 */
import { MemoryBackend } from '../store/memory-backend';
import { Store } from '../store/store';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { CardKeys } from '../card-keys';
import { testGateway } from '../test-harness';
import { cardAuthorizeBody } from '../test-payments';
import { WorkerPool } from './worker-pool';
import { WORKER_NICENESS } from './below-the-event-loop.mjs';

interface Task {
  echo?: string;
  fail?: string;
  crash?: boolean;
  hang?: boolean;
  who?: boolean;
  clock?: boolean;
  busy?: number;
}
const script = new URL('./test-worker.mjs', import.meta.url);

describe('WorkerPool', () => {
  let pool: WorkerPool<Task, unknown>;
  afterEach(() => pool.close());

  it('starts no thread before the first task, then at most one per slot', async () => {
    pool = new WorkerPool(script, 2);
    expect(pool.threads).toBe(0);
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((echo) => pool.run({ echo })));
    expect(answers).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pool.threads).toBe(2);
  });

  it('start() boots every thread before any task', async () => {
    pool = new WorkerPool(script, 2);
    await pool.start();
    expect(pool.threads).toBe(2);
    const threads = await Promise.all([pool.run({ who: true }), pool.run({ who: true })]);
    expect(new Set(threads).size).toBe(2);
    expect(pool.threads).toBe(2);
  });

  it('a busy worker starts its next task while the event loop is busy too', async () => {
    pool = new WorkerPool(script, 1);
    await pool.start();
    const first = pool.run({ clock: true, busy: 100 });
    const second = pool.run({ clock: true });
    // The event loop is held 600 ms: a pool that posts the next task only when the first
    // one's answer is handled would start it after that.
    const held = performance.timeOrigin + performance.now();
    while (performance.timeOrigin + performance.now() - held < 600);
    const [firstStarted, secondStarted] = (await Promise.all([first, second])) as [number, number];
    expect(secondStarted - firstStarted).toBeGreaterThanOrEqual(100);
    expect(secondStarted).toBeLessThan(held + 400);
  });

  it('sizes itself to the cores by default', () => {
    pool = new WorkerPool(script);
    expect(pool.size).toBeGreaterThanOrEqual(1);
    expect(pool.size).toBe(availableParallelism());
  });

  it('rejects the task whose worker answers an error, and goes on', async () => {
    pool = new WorkerPool(script, 1);
    await expect(pool.run({ fail: 'bad input' })).rejects.toThrow('bad input');
    await expect(pool.run({ echo: 'next' })).resolves.toBe('next');
  });

  it('a crashed worker fails the task it was running only; a new thread takes those behind it', async () => {
    pool = new WorkerPool(script, 1);
    const before = await pool.run({ who: true });
    const crashed = expect(pool.run({ crash: true })).rejects.toThrow('worker crashed');
    const queued = expect(pool.run({ echo: 'after the crash' })).resolves.toBe('after the crash'); // waits behind it
    await crashed;
    await queued;
    const after = await pool.run({ who: true });
    expect(after).not.toBe(before);
    expect(pool.threads).toBe(1);
  });

  it('close() rejects the running and the waiting tasks and ends every thread', async () => {
    pool = new WorkerPool(script, 1);
    const running = expect(pool.run({ hang: true })).rejects.toThrow('worker pool closed');
    const waiting = expect(pool.run({ echo: 'never' })).rejects.toThrow('worker pool closed');
    await pool.close();
    await running;
    await waiting;
    expect(pool.threads).toBe(0);
    await expect(pool.run({ echo: 'late' })).rejects.toThrow('worker pool closed');
  });
});

describe('CardKeys.decrypt in the workers', () => {
  let keys: CardKeys;
  afterEach(() => keys.close());
  const encrypt = (pem: string, value: string) =>
    publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(value)).toString('base64');

  it('decrypts with the merchant key; undefined for another key, garbage or non-Base64', async () => {
    keys = new CardKeys(new Store(new MemoryBackend()));
    const { public_key } = await keys.publicKey('MERCHANT0001');
    const fields = ['4000000000000002', '12', '2034', '123'];
    expect(await Promise.all(fields.map((f) => keys.decrypt('MERCHANT0001', encrypt(public_key, f))))).toEqual(fields);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(await keys.decrypt('MERCHANT0001', encrypt(other, '4000000000000002'))).toBeUndefined();
    expect(await keys.decrypt('MERCHANT0001', Buffer.from('not ciphertext').toString('base64'))).toBeUndefined();
    expect(await keys.decrypt('MERCHANT0001', 'not base64!')).toBeUndefined();
  });

  // Linux keeps a nice value per thread (/proc/self/task/<id>/stat, field 19).
  it.runIf(existsSync('/proc/thread-self'))('decrypts on threads below the event loop\'s priority, which keeps its own', async () => {
    const niceness = () =>
      readdirSync('/proc/self/task').map((id) => Number(readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
    const before = niceness();
    keys = new CardKeys(new Store(new MemoryBackend()));
    const { public_key } = await keys.publicKey('MERCHANT0001');
    await Promise.all(['4000000000000002', '123'].map((f) => keys.decrypt('MERCHANT0001', encrypt(public_key, f))));
    const after = niceness();
    expect(after.filter((n) => n === WORKER_NICENESS).length - before.filter((n) => n === WORKER_NICENESS).length).toBe(keys.threads);
    expect(keys.threads).toBeGreaterThan(0);
    expect(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16])).toBe(before[0]);
  });

  it("decrypts a request's fields in one task, each answer in its place", async () => {
    keys = new CardKeys(new Store(new MemoryBackend()));
    const { public_key } = await keys.publicKey('MERCHANT0001');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const values = [encrypt(public_key, '4000000000000002'), 'not base64!', encrypt(other, '12'), 42, encrypt(public_key, '123')];
    expect(await keys.decryptAll('MERCHANT0001', values)).toEqual(['4000000000000002', undefined, undefined, undefined, '123']);
    expect(await keys.decryptAll('MERCHANT0001', ['not base64!'])).toEqual([undefined]);
  });
});

describe('the gateway and its decrypt workers', () => {
  it('a card authorize decrypts in the workers; closing the gateway ends them', { timeout: 60_000 }, async () => {
    const t = await testGateway();
    expect(t.gw.ctx.keys.threads).toBe(0);
    const reply = await t.call('POST', '/api/transactions/authorize', await cardAuthorizeBody(t, { number: '4000000000000002' }), await t.auth());
    expect(reply.status).toBe(200);
    expect(t.gw.ctx.keys.threads).toBeGreaterThan(0);
    await t.close();
    expect(t.gw.ctx.keys.threads).toBe(0);
  });
});
