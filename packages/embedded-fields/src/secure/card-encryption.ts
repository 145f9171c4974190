/**
 * Card field encryption with the merchant's public key: RSA-OAEP with SHA-256, each field
 * standard Base64. WebCrypto does it everywhere it exists; node-forge is loaded (as its own
 * chunk) only where it does not, e.g. an insecure context in an old embedded browser.
 */
import type { EncryptionKey } from '@payments/core';

export interface FieldEncrypter {
  encrypt(value: string): Promise<string>;
}

export async function createEncrypter(key: EncryptionKey): Promise<FieldEncrypter> {
  if (key.algorithm !== 'RSA-OAEP-256') throw new Error(`unsupported key algorithm ${key.algorithm}`);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const cryptoKey = await subtle.importKey('spki', pemToDer(key.public_key), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    return {
      async encrypt(value) {
        const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, cryptoKey, new TextEncoder().encode(value));
        return bytesToBase64(new Uint8Array(cipher));
      },
    };
  }
  return createForgeEncrypter(key.public_key);
}

async function createForgeEncrypter(pem: string): Promise<FieldEncrypter> {
  const { default: forge } = await import('node-forge');
  const publicKey = forge.pki.publicKeyFromPem(pem);
  return {
    async encrypt(value) {
      const cipher = publicKey.encrypt(forge.util.encodeUtf8(value), 'RSA-OAEP', {
        md: forge.md.sha256.create(),
        mgf1: { md: forge.md.sha256.create() },
      });
      return forge.util.encode64(cipher);
    },
  };
}

export function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
