/**
 * dist/sri.json: Subresource Integrity hashes (sha384) of the scripts merchants load from
 * the gateway, published at {base_url}/sri.json so a merchant can pin the exact build:
 *   <script src="{base_url}/embedded-fields.js" integrity="sha384-…" crossorigin="anonymous">
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const files = ['embedded-fields.js', 'index.js'];
const hashes = Object.fromEntries(
  files.map((file) => [file, `sha384-${createHash('sha384').update(readFileSync(`dist/${file}`)).digest('base64')}`]),
);
writeFileSync('dist/sri.json', `${JSON.stringify(hashes, null, 2)}\n`);
console.log(`wrote dist/sri.json: embedded-fields.js ${hashes['embedded-fields.js']}`);
