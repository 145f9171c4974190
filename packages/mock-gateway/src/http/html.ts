/**
 * Server-rendered pages (ACS, providers, notification pages) without string-built HTML:
 * `html` escapes every interpolated value unless it is already `SafeHtml`, and `sendPage`
 * adds a strict CSP whose only script and style are the page's own, by nonce.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '@payments/core';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export { escapeHtml };

type Interpolation = SafeHtml | string | number | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v) => render(v as Interpolation)).join('');
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  /** Inline script run at load (given the nonce); none when absent. */
  script?: string;
  style?: string;
  /** Origins allowed to frame the page; none → 'none'. */
  frameAncestors?: string[];
  /** Where the page's forms may post (and be redirected after posting). */
  formAction?: string[];
  lang?: string;
}

const BASE_STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1d2330; }
  main { box-sizing: border-box; max-width: 28rem; margin: 0 auto; padding: 1.25rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
  p { line-height: 1.45; margin: .5rem 0; }
  .card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .amount { font-size: 1.5rem; font-weight: 600; }
  .muted { color: #5b6475; font-size: .9rem; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1rem; }
  button { font: inherit; font-weight: 600; border-radius: 8px; padding: .7rem 1.1rem; border: 1px solid transparent; cursor: pointer; }
  button.primary { background: #1a56db; color: #fff; }
  button.secondary { background: #fff; color: #1d2330; border-color: #9aa3b2; }
  button.danger { background: #fff; color: #b42318; border-color: #b42318; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input { font: inherit; padding: .6rem; border-radius: 8px; border: 1px solid #9aa3b2; width: 100%; box-sizing: border-box; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; background: #fef3c7; color: #92400e; border-radius: 4px; padding: .15rem .4rem; }
`;

export function sendPage(reply: FastifyReply, options: PageOptions, status = 200): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'none'";
  const formAction = ["'self'", ...(options.formAction ?? [])].join(' ');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `form-action ${formAction}`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ');
  const document = html`<!doctype html>
<html lang="${options.lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<style nonce="${nonce}">${new SafeHtml(BASE_STYLE + (options.style ?? ''))}</style>
</head>
<body>${options.body}${
    options.script ? html`<script nonce="${nonce}">${new SafeHtml(options.script)}</script>` : ''
  }</body>
</html>`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(document.value);
}

/** A JSON value safe to embed in an inline script (no `</script>` breakout). */
/** An inline script's or style's CSP source: `'sha256-…'` of its text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** A page that posts a hidden form at once (3DS method, CRes, CReq); a button for no-JS. */
export function autoPostForm(action: string, fields: Record<string, string>, label: string): { body: SafeHtml; script: string } {
  return {
    body: html`<main><form id="auto" method="post" action="${action}">${Object.entries(fields).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
    )}<noscript><button class="primary" type="submit">${label}</button></noscript></form></main>`,
    script: `document.getElementById('auto').submit();`,
  };
}

/** lit-html's Trusted Types policy, the only one a lit document may create. */
const LIT_TRUSTED_TYPES = ["require-trusted-types-for 'script'", 'trusted-types lit-html'];

/**
 * The CSP of the gateway's lit documents (the secure frames, the hosted page): own scripts
 * and styles only, Trusted Types for lit-html, frames and forms limited to the gateway and
 * the ACS (3-D Secure method and challenge iframes, CReq and form-submit posts).
 * `scriptHashes`: the inline scripts a document carries, each allowed by its hash.
 */
export function litDocumentCsp(
  acs: string,
  {
    formAction,
    frameAncestors,
    scriptHashes = [],
    styleHashes = [],
  }: { formAction: string; frameAncestors: string; scriptHashes?: string[]; styleHashes?: string[] },
): string {
  return [
    "default-src 'none'",
    // A frame document with its entry inline (http/inline-entry.ts): those scripts by hash, nothing else inline.
    ['script-src', "'self'", ...scriptHashes].join(' '),
    // The hosted page's inline stylesheet and first-view theme (http/hosted-page-document.ts): by hash too.
    ['style-src', "'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    // The web fonts a merchant's theme may name (Inter), served by the gateway itself.
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${acs}`,
    `form-action ${formAction}`,
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
    ...LIT_TRUSTED_TYPES,
  ].join('; ');
}

/**
 * The CSP of the preload document (/frames/preload): the secure frames' less what its
 * rehearsal never does (fetch, frame, submit, web fonts, images). Any page may frame it (it
 * holds nothing, answers nothing and its rehearsal leaves it empty): said, `frame-ancestors *`,
 * not left to an omission. Its headers are part of every card mount's bytes.
 */
export function preloadDocumentCsp(): string {
  return ["default-src 'none'", "script-src 'self'", "base-uri 'none'", "form-action 'none'", 'frame-ancestors *', ...LIT_TRUSTED_TYPES].join('; ');
}

/** The CSP of /frames/blank (the bench's empty frame, `--blank-frame`): nothing runs, any page may frame it. */
export function blankDocumentCsp(): string {
  return ["default-src 'none'", "base-uri 'none'", "form-action 'none'", 'frame-ancestors *'].join('; ');
}
