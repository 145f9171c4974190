/**
 * The part of node-forge the card frame uses: RSA-OAEP with SHA-256, loaded on demand where
 * WebCrypto is missing (src/secure/card-encryption.ts). Declared here rather than taken from
 * @types/node-forge, whose `/// <reference types="node" />` would bring Node's globals
 * (Buffer, process, `node:*` modules) into the browser code's type check.
 * tsconfig.base.json maps `node-forge` to this file (`paths`), for every project.
 */
interface MessageDigest {
  readonly algorithm: string;
}

interface RsaPublicKey {
  encrypt(data: string, scheme: 'RSA-OAEP', options: { md: MessageDigest; mgf1: { md: MessageDigest } }): string;
}

declare const forge: {
  pki: { publicKeyFromPem(pem: string): RsaPublicKey };
  md: { sha256: { create(): MessageDigest } };
  util: { encodeUtf8(text: string): string; encode64(bytes: string): string };
};

export default forge;
