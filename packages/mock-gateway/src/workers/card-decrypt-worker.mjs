// The RSA-OAEP-256 decrypts of one request per task, for WorkerPool (card-keys.ts). Plain
// JavaScript so it runs in a worker thread whatever loads the gateway (tsx, vitest, plain node).
// Task: { keyId, key (PKCS#8 DER, Base64), ciphertexts (Base64 each) }.
// Answer: { ok: true, value: [plaintext | null, …] } (null: not ciphertext for this key).
import { constants, createPrivateKey, privateDecrypt } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { runBelowTheEventLoop } from './below-the-event-loop.mjs';

// Status and session reads are answered first when the cores are all busy.
runBelowTheEventLoop();

/** Parsed keys by id: the DER comes with every task, parsing it once is enough. */
const keys = new Map();

parentPort.on('message', ({ keyId, key, ciphertexts }) => {
  let privateKey = keys.get(keyId);
  if (!privateKey) {
    privateKey = createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' });
    keys.set(keyId, privateKey);
  }
  parentPort.postMessage({ ok: true, value: ciphertexts.map((ciphertext) => decrypt(privateKey, ciphertext)) });
});

function decrypt(privateKey, ciphertext) {
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    ).toString('utf8');
  } catch {
    return null; // wrong key, padding or length: the caller answers 422 on the field
  }
}
