/**
 * Any path a client can send to a static or page route is a client error, never a server
 * error (issue #25): NUL and control bytes, names and segments longer than a file system
 * takes, encoded slashes and dots, broken percent-encoding, Unicode, on both listeners (the
 * API's and the ACS's), through every route `startGateway` serves. The gateway runs on real
 * ports with a fixture build (so nothing is "not built") and is asked over real HTTP: what
 * reaches a route is what a browser or curl would make it see. Bytes Node's HTTP parser
 * refuses (raw controls, spaces, non-ASCII) never reach a route: they are a 400 of their own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../server';
import { rawGet } from '../test-harness';

/** Runs per listener: thousands of paths, in a few seconds. */
const RUNS = 2500;

/** A fixture build. Every real name holds a `-`, which the generated plain text never does. */
const FILES: Record<string, string> = {
  'embedded-fields/embedded-fields.js': 'export {};',
  'embedded-fields/embedded-fields-actions.js': 'export {};',
  'embedded-fields/sri.json': JSON.stringify({ version: '1.2.3', script: { url: '/v1.2.3/embedded-fields.js', integrity: 'sha384-x', major_url: '/v1/embedded-fields.js' } }),
  'embedded-fields/frame/card.html': '<!doctype html><html><head></head><body></body></html>',
  'embedded-fields/frame/apm.html': '<!doctype html><html><head></head><body></body></html>',
  'embedded-fields/frame/card.manifest.json': JSON.stringify({ 'card.html': { file: 'assets/card-abc123.js' } }),
  'embedded-fields/frame/assets/card-abc123.js': 'export {};',
  'hosted-page/index.html': '<!doctype html><html><head></head><body></body></html>',
  'hosted-page/assets/index-abc123.js': 'export {};',
  'assets/merchant-logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

let dir: string;
let gateway: RunningGateway;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'odd-paths-'));
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  gateway = await startGateway({
    port: 0,
    bundles: { embeddedFields: join(dir, 'embedded-fields'), hostedPage: join(dir, 'hosted-page'), assets: join(dir, 'assets') },
  });
});
afterAll(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

const percent = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes what encodeURIComponent cannot (a lone surrogate: its WTF-8 bytes). */
function encode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map(percent).join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** Something no file is called, as a client writes it: control bytes, encoded separators and dots, broken encodings, Unicode, length. */
const oddPiece: fc.Arbitrary<string> = fc.oneof(
  // NUL and the other controls (raw, Node's parser refuses them: see the last test).
  fc.integer({ min: 0, max: 0x1f }).map(percent),
  fc.constantFrom('%7F', '%00', '%00.js', 'a%00b'),
  // Slashes, backslashes and dots, encoded once, twice, in overlong UTF-8 and IIS's %u.
  fc.constantFrom('%2F', '%2f', '%5C', '%5c', '%2E', '%2e', '%2E%2E', '%252F', '%252e', '%255C', '%25', '%C0%AF', '%c0%ae', '%u002e', '%u2215', '\\', '.', '..', '...', '//'),
  // Percent-encoding that decodes to nothing: truncated, not hex, a surrogate, past U+10FFFF.
  fc.constantFrom('%', '%Z', '%G1', '%1', '%E0%A4%A', '%ED%A0%80', '%FF', '%C0', '%F4%90%80%80', '%%', '%2'),
  // Unicode: any code point, lone surrogates too (not only letters and digits: those could spell a real name).
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).filter((text) => !/^[\w.-]*$/.test(text)).map(encode),
  fc.constantFrom('%F0%9F%9A%80', '%E2%80%AE', '%EF%BB%BF', '%C3%A9', '%C2%A0', '%E2%80%A8', '%EF%BD%85%EF%BD%94%EF%BD%83'),
  // Printable ASCII a careless client leaves unencoded (not `?` or `#`: they end the path).
  fc.constantFrom(';', '~', "'", '"', '!', '*', '(', ')', '@', ':', '=', '+', '$', ',', '&', '<', '>', '|', '`', '{', '}', '^', '[', ']', '%20'),
  // Longer than a file system takes: a name (5,000 characters, as in the issue) or a segment.
  fc.integer({ min: 250, max: 6000 }).chain((n) => fc.constantFrom('a'.repeat(n), encode('é').repeat(Math.ceil(n / 2)), `${'a'.repeat(n)}.js`)),
  // Many segments: a path longer than PATH_MAX.
  fc.integer({ min: 50, max: 2500 }).map((n) => 'ab/'.repeat(n)),
);

/** Text any file could be called (never a `-`, which every fixture name holds). */
const plainPiece = fc.stringMatching(/^[a-z0-9_]{1,12}$/);

/** One or more segments, each with at least one odd piece. */
const oddTail: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(fc.array(plainPiece, { maxLength: 2 }), fc.array(oddPiece, { minLength: 1, maxLength: 3 })).chain(([plain, odd]) =>
      fc.shuffledSubarray([...plain, ...odd], { minLength: plain.length + odd.length }).map((pieces) => pieces.join('')),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((segments) => segments.join('/'));

/** Every static and page route, with `{}` where the odd tail goes. */
const TEMPLATES = [
  // Files (http/send-asset.ts)
  '/assets/{}',
  '/hpp/assets/{}',
  '/frames/assets/{}',
  '/assets/merchant-logo.svg/{}',
  '/frames/assets/card-abc123.js/{}',
  '/embedded-fields.js{}',
  '/embedded-fields.js/{}',
  '/sri.json/{}',
  // Versioned scripts
  '/{}/embedded-fields.js',
  '/{}/embedded-fields-actions.js',
  '/v1/{}',
  '/v1.2.3/{}',
  // Frame documents
  '/frames/{}',
  '/frames/card/{}',
  '/frames/preload{}',
  '/frames/blank/{}',
  // The hosted page
  '/hpp/{}',
  '/hpp/{}/return',
  '/hpp/{}/cancel',
  '/hpp/{}/{}',
  // ACS, providers, 3-D Secure notifications
  '/acs/redirect/{}',
  '/acs/{}',
  '/acs/challenge/{}',
  '/provider/{}',
  '/three-ds/{}/method-notification',
  '/three-ds/{}/challenge-notification-url',
  '/three-ds/{}/embedded-fields/challenge-notification-url',
  // Anything else
  '/{}',
  '//{}',
];

/**
 * The method notification answers every id with its empty page (200): the ACS's hidden form
 * posts there blind, and there is nothing to tell anyone. Never a 5xx, like every route.
 */
const ANSWERS_ANY_ID = new Set(['/three-ds/{}/method-notification']);

const request = fc.record({
  template: fc.constantFrom(...TEMPLATES),
  tails: fc.array(oddTail, { minLength: 2, maxLength: 2 }),
  method: fc.constantFrom<'GET' | 'HEAD' | 'POST'>('GET', 'GET', 'HEAD', 'POST'),
});

/**
 * Sends `path` exactly as written (no normalisation, unlike fetch or inject) and answers the
 * status. A connection per request: a path over Node's 16 kB header limit is answered 431 and
 * its connection closed, which a kept-alive socket would only notice on the next request.
 */
function send(base: string, method: 'GET' | 'HEAD' | 'POST', path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const post = method === 'POST';
    const req = httpRequest(
      base,
      { method, path, agent: false, headers: { 'user-agent': 'vitest', ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } },
      (res) => {
        // Resolved on the status line: a HEAD over the header limit gets Node's 431 with a body,
        // which the client then fails to parse as the next response.
        resolve(res.statusCode ?? 0);
        res.resume();
      },
    );
    req.on('error', reject);
    req.end(post ? 'outcome=approve' : undefined);
  });
}

/** A request line with these raw bytes in its path, on a fresh connection: the status line's code. */
function sendRawBytes(base: string, path: Buffer): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(Buffer.concat([Buffer.from('GET '), path, Buffer.from(' HTTP/1.1\r\nHost: x\r\nUser-Agent: vitest\r\nConnection: close\r\n\r\n')])),
    );
    let head = '';
    socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(head.slice(9, 12))));
    socket.on('error', reject);
  });
}

describe('odd paths on the static and page routes', () => {
  it('the fixture build is served (so a 4xx below is about the path, not a missing build)', async () => {
    for (const path of ['/assets/merchant-logo.svg', '/hpp/assets/index-abc123.js', '/frames/assets/card-abc123.js', '/embedded-fields.js', '/v1/embedded-fields.js', '/v1.2.3/embedded-fields-actions.js', '/frames/preload']) {
      expect(await send(gateway.url, 'GET', path), path).toBe(200);
    }
  });

  // The two reports, over real HTTP: NUL (ERR_INVALID_ARG_VALUE) and a 5,000-character name (ENAMETOOLONG).
  const long = 'a'.repeat(5000);
  it.each([
    ['/assets/%00', '/assets/%00'],
    ['/hpp/assets/%00', '/hpp/assets/%00'],
    ['/frames/assets/%00', '/frames/assets/%00'],
    ['/assets/ + 5,000 characters', `/assets/${long}`],
    ['/hpp/assets/ + 5,000 characters', `/hpp/assets/${long}`],
    ['/frames/assets/ + 5,000 characters', `/frames/assets/${long}`],
    ['/assets/merchant-logo.svg/x (ENOTDIR)', '/assets/merchant-logo.svg/x'],
    // Found by the property (seed 1741265379): a "." segment after a file named the file itself (200).
    ['/assets/merchant-logo.svg/%2E', '/assets/merchant-logo.svg/%2E'],
  ])('%s is a 404, not a 500', async (_name, path) => {
      const reply = await rawGet(`${gateway.url}${path}`);
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.body.toString())).toEqual({ error: 'not_found', error_description: 'No such file.' });
  });

  it.each([
    ['API', () => gateway.url],
    ['ACS', () => gateway.acsUrl],
  ])('every generated path answers 4xx on the %s listener', { timeout: 120_000 }, async (_name, base) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ template, tails, method }) => {
        let i = 0;
        const path = template.replace(/\{\}/g, () => tails[i++]!);
        const status = await send(base(), method, path);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const expected = ANSWERS_ANY_ID.has(template) ? status < 500 : status >= 400 && status < 500;
        expect(expected, `${method} ${path.slice(0, 300)} answered ${status}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    // Not all stopped at the door (400: a URL that does not decode): most reach a route's own 404.
    expect(statuses.get(404) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(RUNS / 4);
  });

  // What the generated paths leave out, because no route sees it: Node's parser answers 400.
  it.each([
    ['API', () => gateway.url],
    ['ACS', () => gateway.acsUrl],
  ])('raw control, space and non-ASCII bytes in a path answer 400 on the %s listener', async (_name, base) => {
    const bytes = [...Array.from({ length: 0x21 }, (_, b) => b), 0x7f, ...Array.from({ length: 0x80 }, (_, b) => 0x80 + b)];
    for (const prefix of ['/assets/', '/hpp/assets/', '/frames/assets/', '/hpp/', '/provider/']) {
      for (const byte of bytes) {
        expect(await sendRawBytes(base(), Buffer.from([...Buffer.from(prefix), byte, 0x61])), `${prefix} + byte 0x${byte.toString(16)}`).toBe(400);
      }
    }
  });
});
