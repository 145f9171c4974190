/**
 * dist/sri.json: the build's version, its versioned script URLs and the Subresource
 * Integrity hashes (sha384) of the scripts merchants load, published in the package
 * (`@payments/embedded-fields/sri.json`) and by the gateway at {base_url}/sri.json:
 *   <script src="{base_url}/v1.0.0/embedded-fields.js" integrity="sha384-…" crossorigin="anonymous">
 * Pin a hash only with the exact-version URL: /v1/ and /embedded-fields.js move with releases.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const hash = (file: string) => `sha384-${createHash('sha384').update(readFileSync(`dist/${file}`)).digest('base64')}`;
const sri = {
  version,
  script: {
    url: `/v${version}/embedded-fields.js`,
    integrity: hash('embedded-fields.js'),
    major_url: `/v${version.split('.')[0]}/embedded-fields.js`,
  },
  'embedded-fields.js': hash('embedded-fields.js'),
  // Loaded by embedded-fields.js itself, from /v{version}/, with these hashes built in.
  'embedded-fields-actions.js': hash('embedded-fields-actions.js'),
  'embedded-fields-connect.js': hash('embedded-fields-connect.js'),
  'index.js': hash('index.js'),
};
writeFileSync('dist/sri.json', `${JSON.stringify(sri, null, 2)}\n`);
console.log(`wrote dist/sri.json: ${sri.script.url} ${sri.script.integrity}`);
