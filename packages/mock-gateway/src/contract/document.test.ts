/**
 * The gateway's OpenAPI document: a valid 3.1 description, the same as the committed
 * openapi.json (the drift check), passing `redocly lint`, and covering every endpoint of the
 * spec's summary table and every event of its Events section (read from the spec itself).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { createGateway } from '../app';
import { registerServedRoutes } from '../server';
import { buildDocument, COMMITTED_DOCUMENT, documentText } from './committed-document';
import { openApiDocument } from './document';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const REPO = resolve(PACKAGE, '../..');

/**
 * The spec, where the repository keeps it: `../shared/spec/gateway-spec.md` beside the main
 * checkout (found through git from a worktree), or GATEWAY_SPEC.
 */
function specPath(): string {
  const mainCheckout = dirname(execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: REPO, encoding: 'utf8' }).trim());
  const candidates = [process.env.GATEWAY_SPEC, join(REPO, '../shared/spec/gateway-spec.md'), join(mainCheckout, '../shared/spec/gateway-spec.md')];
  const found = candidates.find((path): path is string => path !== undefined && existsSync(path));
  if (!found) throw new Error(`gateway-spec.md not found (looked at ${candidates.filter(Boolean).join(', ')}); set GATEWAY_SPEC`);
  return found;
}

/** The section of the spec under `heading`, up to the next heading of its level or above. */
function section(spec: string, heading: string): string {
  const start = spec.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`the spec has no "${heading}"`);
  const level = heading.split(' ')[0]!;
  const rest = spec.slice(start + heading.length);
  const end = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return end < 0 ? rest : rest.slice(0, end);
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
}

let document: Document;
beforeAll(async () => {
  document = (await buildDocument()) as unknown as Document;
});

describe('the OpenAPI document', () => {
  it('is the committed openapi.json (else: pnpm --filter @payments/mock-gateway openapi)', () => {
    expect(documentText(document)).toBe(readFileSync(COMMITTED_DOCUMENT, 'utf8'));
  });

  it('is a valid OpenAPI 3.1 description', async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('passes redocly lint (the recommended rules, redocly.yaml)', { timeout: 120_000 }, () => {
    const lint = spawnSync(join(PACKAGE, 'node_modules/.bin/redocly'), ['lint', 'openapi.json'], {
      cwd: PACKAGE,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    expect(`${lint.stdout}${lint.stderr}`).toContain('Your API description is valid');
    expect(lint.status).toBe(0);
  });

  it("describes every endpoint of the spec's summary table", () => {
    const table = section(readFileSync(specPath(), 'utf8'), '### Summary');
    const rows = [...table.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \|/gm)].map((row) => [row[1]!, row[2]!] as const);
    expect(rows.length).toBeGreaterThanOrEqual(13);
    // {auth_url}: the spec's token endpoint is wherever the environment says; here /oauth/token.
    const missing = rows
      .map(([method, path]) => [method, path === '{auth_url}' ? '/oauth/token' : path] as const)
      .filter(([method, path]) => !document.paths[path]?.[method.toLowerCase()])
      .map(([method, path]) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('lists every route a running gateway answers (a validating proxy finds each answer in it)', async () => {
    const gw = createGateway({ extend: (api, ctx) => registerServedRoutes(api, ctx, undefined, { blankFrame: true }) });
    await gw.api.ready();
    // printRoutes cannot show a wildcard's prefix (`/hpp/assets/*`): those are pages.ts entries of their own.
    const routes = routesOf(gw.api.printRoutes({ commonPrefix: false })).filter((route) => !route.endsWith('*'));
    const served = openApiDocument(gw.api, gw.ctx) as unknown as Document;
    const documented = new Set(Object.entries(served.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`)));
    const asDocumented = (route: string) => route.replace(/\*$/, '{file}').replace('/three-ds/:id/request', '/three-ds/:threeDsServerTransId/request').replace(/:([A-Za-z_]+)/g, '{$1}');
    await gw.close();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !documented.has(asDocumented(route)))).toEqual([]);
  });

  it("describes every event of the spec's Events section under webhooks", () => {
    const events = section(readFileSync(specPath(), 'utf8'), '## Events');
    const names = new Set([...events.matchAll(/\b((?:transaction-svc|tokenization-webhook):[a-z0-9:-]*[a-z0-9])/g)].map((m) => m[1]!));
    expect(names.size).toBeGreaterThanOrEqual(18);
    expect([...names].filter((name) => !document.webhooks[name])).toEqual([]);
  });
});

/** `METHOD /path` of every route in Fastify's printRoutes tree (one segment a line, four columns a level), HEAD left out. */
function routesOf(tree: string): string[] {
  const prefixes: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) return [];
    const depth = match[1]!.length / 4;
    prefixes[depth] = `${prefixes[depth - 1] ?? ''}${match[2]}`;
    return (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD').map((m) => `${m} ${prefixes[depth]}`);
  });
}

describe('GET /openapi.json and /openapi.yaml', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await testGateway({ urls: { gateway: 'https://sandbox.example' } });
  });
  afterAll(() => t.close());

  it('answers the document, with this gateway as its server', async () => {
    const answer = await t.call<Document & { servers: { url: string }[] }>('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.servers[0]!.url).toBe('https://sandbox.example');
    expect(Object.keys(answer.body.paths)).toContain('/api/transactions/authorize');
  });

  it('answers the same document in YAML', async () => {
    const [json, yaml] = await Promise.all([t.call('GET', '/openapi.json'), t.call('GET', '/openapi.yaml')]);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parse(yaml.text)).toEqual(json.body);
  });
});
