/**
 * The merchants' card encryption keys: RSA-2048, OAEP with SHA-256 (what WebCrypto calls
 * RSA-OAEP with hash SHA-256, and JOSE calls RSA-OAEP-256). The public half is published at
 * GET /api/encryption-key; each card field arrives as standard Base64 ciphertext.
 */
import { constants, createHash, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { EncryptionKey } from '@payments/core';

interface MerchantKey {
  keyId: string;
  publicPem: string;
  privateKey: KeyObject;
}

export class CardKeys {
  private readonly keys = new Map<string, MerchantKey>();

  /** The merchant's key, generated on first use (about 50 ms) and kept for the process. */
  private keyFor(merchantId: string): MerchantKey {
    let key = this.keys.get(merchantId);
    if (!key) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const keyId = `${merchantId.toLowerCase()}-${createHash('sha256').update(publicPem).digest('hex').slice(0, 12)}`;
      key = { keyId, publicPem, privateKey };
      this.keys.set(merchantId, key);
    }
    return key;
  }

  publicKey(merchantId: string): EncryptionKey {
    const key = this.keyFor(merchantId);
    return { key_id: key.keyId, algorithm: 'RSA-OAEP-256', public_key: key.publicPem };
  }

  /** Decrypts one field; undefined when it is not Base64 RSA-OAEP-256 ciphertext for this key. */
  decrypt(merchantId: string, base64: string): string | undefined {
    if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
    try {
      const plain = privateDecrypt(
        { key: this.keyFor(merchantId).privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      return undefined;
    }
  }
}
