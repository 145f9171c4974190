/**
 * The merchants' card encryption keys: RSA-2048, OAEP with SHA-256 (what WebCrypto calls
 * RSA-OAEP with hash SHA-256, and JOSE calls RSA-OAEP-256). The public half is published at
 * GET /api/encryption-key; each card field arrives as standard Base64 ciphertext.
 *
 * Decrypting is the gateway's main CPU cost (four per card authorize, about a millisecond
 * each): it runs in a pool of worker threads, one per core, so the event loop keeps answering
 * status and session requests during an authorize load.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { EncryptionKey } from '@payments/core';
import { WorkerPool } from './workers/worker-pool';

interface MerchantKey {
  keyId: string;
  publicPem: string;
  /** PKCS#8 DER, sent to the decrypt workers (each parses it once). */
  privateDer: Buffer;
}

interface DecryptTask {
  keyId: string;
  key: Buffer;
  ciphertext: string;
}

export class CardKeys {
  private readonly keys = new Map<string, MerchantKey>();
  private readonly pool = new WorkerPool<DecryptTask, string | null>(new URL('./workers/card-decrypt-worker.mjs', import.meta.url));

  /** The merchant's key, generated on first use (about 50 ms) and kept for the process. */
  private keyFor(merchantId: string): MerchantKey {
    let key = this.keys.get(merchantId);
    if (!key) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const keyId = `${merchantId.toLowerCase()}-${createHash('sha256').update(publicPem).digest('hex').slice(0, 12)}`;
      key = { keyId, publicPem, privateDer: privateKey.export({ type: 'pkcs8', format: 'der' }) };
      this.keys.set(merchantId, key);
    }
    return key;
  }

  publicKey(merchantId: string): EncryptionKey {
    const key = this.keyFor(merchantId);
    return { key_id: key.keyId, algorithm: 'RSA-OAEP-256', public_key: key.publicPem };
  }

  /**
   * Decrypts one field off the event loop; undefined when it is not Base64 RSA-OAEP-256
   * ciphertext for this key. Rejects only if the worker itself fails (a crash, `close()`).
   */
  async decrypt(merchantId: string, base64: string): Promise<string | undefined> {
    if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
    const key = this.keyFor(merchantId);
    const plain = await this.pool.run({ keyId: key.keyId, key: key.privateDer, ciphertext: base64 });
    return plain ?? undefined;
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
