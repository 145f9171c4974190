import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createEncrypter } from './card-encryption';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = { key_id: 'k1', algorithm: 'RSA-OAEP-256' as const, public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
const decrypt = (base64: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64')).toString();

describe('card field encryption', () => {
  it('encrypts with WebCrypto RSA-OAEP/SHA-256 so the gateway key decrypts it', async () => {
    const encrypter = await createEncrypter(key);
    const cipher = await encrypter.encrypt('4000000000000002');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(decrypt(cipher)).toBe('4000000000000002');
  });

  it('falls back to node-forge where WebCrypto is missing, with the same result', async () => {
    vi.stubGlobal('crypto', {});
    try {
      const encrypter = await createEncrypter(key);
      expect(decrypt(await encrypter.encrypt('123'))).toBe('123');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses a key of another algorithm', async () => {
    await expect(createEncrypter({ ...key, algorithm: 'RSA1_5' as never })).rejects.toThrow(/unsupported/);
  });
});
