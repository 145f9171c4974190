/**
 * The merchants' card encryption keys: RSA-2048, OAEP with SHA-256 (what WebCrypto calls
 * RSA-OAEP with hash SHA-256, and JOSE calls RSA-OAEP-256). The public half is published at
 * GET /api/encryption-key; each card field arrives as standard Base64 ciphertext.
 *
 * Decrypting is the gateway's main CPU cost (four per card authorize, about 0.3 ms each): it
 * runs in a pool of worker threads, one per core, below the event loop's CPU priority
 * (workers/below-the-event-loop.mjs), so the event loop keeps answering status and session
 * requests during an authorize load.
 *
 * A merchant's key pair is made once and kept in the store, so a card frame opened before a
 * restart still encrypts with a key the gateway has, and every replica serves the same key.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { EncryptionKey } from '@payments/core';
import type { Store } from './store/store';
import { createdOnce } from './store/settings';
import { WorkerPool } from './workers/worker-pool';

/**
 * A merchant's key pair, as the store keeps it (JSON) and the decrypt workers get it: the
 * private key as Base64 PKCS#8 DER, sent with every task (each worker parses it once). A
 * string, not a Buffer: a small Buffer is a view into Node's shared 8 kB pool, and posting it
 * to a thread copies the whole pool (measured: a sixth of the event loop under an authorize
 * load).
 */
interface StoredKey {
  keyId: string;
  publicPem: string;
  privateDer: string;
}

/** The fields of one request, decrypted by one worker: one message each way, not one per field. */
interface DecryptTask {
  keyId: string;
  /** PKCS#8 DER, Base64. */
  key: string;
  ciphertexts: string[];
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export class CardKeys {
  private readonly keys = new Map<string, Promise<StoredKey>>();
  private readonly pool = new WorkerPool<DecryptTask, (string | null)[]>(new URL('./workers/card-decrypt-worker.mjs', import.meta.url));

  constructor(private readonly store: Store) {}

  /** The merchant's key: from the store, or generated on first use (about 50 ms) and stored. */
  private keyFor(merchantId: string): Promise<StoredKey> {
    let key = this.keys.get(merchantId);
    if (!key) {
      key = createdOnce(this.store, `card-key:${merchantId}`, () => generateKey(merchantId));
      this.keys.set(merchantId, key);
      key.catch(() => this.keys.delete(merchantId));
    }
    return key;
  }

  async publicKey(merchantId: string): Promise<EncryptionKey> {
    const key = await this.keyFor(merchantId);
    return { key_id: key.keyId, algorithm: 'RSA-OAEP-256', public_key: key.publicPem };
  }

  /**
   * Decrypts a request's fields off the event loop, in one task: each answer undefined when its
   * value is not Base64 RSA-OAEP-256 ciphertext for this key. One task, not one per field:
   * the messages to and from a thread, not the decrypts, were the event loop's largest cost
   * under an authorize load (a card's four fields: 4 round trips; 2026-11-27). Rejects only if
   * the worker itself fails (a crash, `close()`).
   */
  async decryptAll(merchantId: string, values: readonly unknown[]): Promise<(string | undefined)[]> {
    const ciphertexts = values.filter((value): value is string => typeof value === 'string' && BASE64.test(value));
    if (ciphertexts.length === 0) return values.map(() => undefined);
    const key = await this.keyFor(merchantId);
    const plain = new Map((await this.pool.run({ keyId: key.keyId, key: key.privateDer, ciphertexts })).map((text, i) => [ciphertexts[i], text]));
    return values.map((value) => (typeof value === 'string' ? (plain.get(value) ?? undefined) : undefined));
  }

  /** One field (decryptAll of one). */
  async decrypt(merchantId: string, base64: string): Promise<string | undefined> {
    return (await this.decryptAll(merchantId, [base64]))[0];
  }

  /** Decrypt threads alive now (they start with the first decrypt). */
  get threads(): number {
    return this.pool.threads;
  }

  /** Starts the decrypt threads (a listening gateway does, before its first request). */
  warmUp(): Promise<void> {
    return this.pool.start();
  }

  /** Stops the decrypt workers (the gateway's close). */
  close(): Promise<void> {
    return this.pool.close();
  }
}

function generateKey(merchantId: string): StoredKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyId = `${merchantId.toLowerCase()}-${createHash('sha256').update(publicPem).digest('hex').slice(0, 12)}`;
  return { keyId, publicPem, privateDer: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64') };
}
