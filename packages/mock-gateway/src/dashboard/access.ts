/**
 * Who may see the dashboard (README, "Seeing what happened"), and the guard on its actions.
 *
 *  - A merchant signs in with its API client id and secret: a session cookie (HttpOnly,
 *    SameSite=Strict, Path=/dashboard, 8 hours) names that merchant, and the viewer sees that
 *    merchant's data only. The cookie is signed (HMAC-SHA-256) with a secret made once in the
 *    store, so every replica on one database accepts it and a restart keeps it.
 *  - Without signing in, only a loopback client (127.0.0.0/8, ::1) sees the dashboard: the
 *    sandbox's operator, who sees every merchant (one at a time) and may also move the clock,
 *    set faults and reset. Anyone else is answered 401 and shown the sign-in form.
 *  - Every request must name the gateway's host or a loopback name (no DNS rebinding).
 *  - An action (POST) must be JSON (a form or text/plain post is a 415), come from the page's own
 *    origin (Origin and Sec-Fetch-Site, when sent, say so: else 403), and carry the CSRF token
 *    the page got from GET /dashboard/api/me (x-csrf-token; else 403). The token is an HMAC of
 *    the cookie's random nonce, so a page on another site can neither read nor make it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context';
import type { MerchantConfig } from '../config';
import { ApiError } from '../api-error';
import { knownHost } from '../http/mock-guard';
import { createdOnce } from '../store/settings';

export const COOKIE_NAME = 'mock_gateway_dashboard';
const COOKIE_LIFETIME_S = 8 * 3600;
const SECRET_SETTING = 'dashboard_cookie_secret';

export interface Viewer {
  /** The merchants this viewer may see: one when signed in, every active one for the operator. */
  merchants: MerchantConfig[];
  /** The signed-in merchant's id; null for the loopback operator. */
  signedIn: string | null;
  /** The loopback operator: may take the sandbox-wide actions (clock, faults, reset). */
  operator: boolean;
  /** The CSRF token for this viewer's actions (null until the viewer has a cookie). */
  csrfToken: string | null;
}

interface CookieBody {
  /** The merchant signed in, or null for an operator's anonymous cookie (it carries the CSRF nonce only). */
  m: string | null;
  n: string;
  /** Expiry, wall-clock ms. */
  e: number;
}

const secretOf = (ctx: GatewayContext): Promise<string> => createdOnce(ctx.store, SECRET_SETTING, () => randomBytes(32).toString('base64url'));

const mac = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE_NAME) return value.join('=');
  }
  return undefined;
}

async function cookieBody(ctx: GatewayContext, request: FastifyRequest): Promise<CookieBody | null> {
  const raw = readCookie(request);
  if (!raw || raw.length > 1024) return null;
  const [payload, signature] = raw.split('.');
  if (!payload || !signature || !sameText(signature, mac(await secretOf(ctx), payload))) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CookieBody;
    if (typeof body.n !== 'string' || typeof body.e !== 'number' || body.e < Date.now()) return null;
    if (body.m !== null && typeof body.m !== 'string') return null;
    return body;
  } catch {
    return null;
  }
}

async function cookieValue(ctx: GatewayContext, merchantId: string | null): Promise<{ value: string; nonce: string }> {
  const nonce = randomBytes(16).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ m: merchantId, n: nonce, e: Date.now() + COOKIE_LIFETIME_S * 1000 } satisfies CookieBody)).toString('base64url');
  return { value: `${payload}.${mac(await secretOf(ctx), payload)}`, nonce };
}

function setCookie(ctx: GatewayContext, reply: FastifyReply, value: string, maxAge: number): void {
  const secure = ctx.urls.gateway.startsWith('https:') ? '; Secure' : '';
  reply.header('set-cookie', `${COOKIE_NAME}=${value}; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`);
}

const csrfFor = async (ctx: GatewayContext, nonce: string): Promise<string> => mac(await secretOf(ctx), `csrf:${nonce}`);

/** Whether the TCP peer is this machine. */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

const refuse = (status: number, message: string): ApiError => new ApiError(status, [{ property: '', message, params: [] }]);

/** The viewer of a dashboard request, or null when nobody may see it (not signed in, not on loopback). */
export async function viewerOf(ctx: GatewayContext, request: FastifyRequest): Promise<Viewer | null> {
  if (!knownHost(ctx, request)) throw refuse(403, 'The dashboard answers only on the gateway host or loopback');
  const cookie = await cookieBody(ctx, request);
  const csrfToken = cookie ? await csrfFor(ctx, cookie.n) : null;
  if (cookie?.m) {
    const merchant = ctx.config.merchants.find((m) => m.id === cookie.m && m.active);
    if (merchant) return { merchants: [merchant], signedIn: merchant.id, operator: false, csrfToken };
  }
  if (!isLoopbackClient(request)) return null;
  return { merchants: ctx.config.merchants.filter((m) => m.active), signedIn: null, operator: true, csrfToken };
}

/** The viewer, or a 401 for a request nobody signed in to and not from loopback. */
export async function requireViewer(ctx: GatewayContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await viewerOf(ctx, request);
  if (!viewer) throw refuse(401, 'Sign in with your client id and secret (or open the dashboard on the gateway machine)');
  return viewer;
}

/** Gives an operator without a cookie an anonymous one, so it has a CSRF token for its actions. */
export async function ensureCookie(ctx: GatewayContext, viewer: Viewer | null, reply: FastifyReply): Promise<Viewer | null> {
  if (!viewer || viewer.csrfToken) return viewer;
  const { value, nonce } = await cookieValue(ctx, null);
  setCookie(ctx, reply, value, COOKIE_LIFETIME_S);
  return { ...viewer, csrfToken: await csrfFor(ctx, nonce) };
}

/**
 * The cross-site checks of a state-changing dashboard request (before its body is parsed):
 * JSON only, the page's own origin only. Node tools send no Origin and pass these.
 */
export function crossSiteRefusal(ctx: GatewayContext, request: FastifyRequest): ApiError | null {
  if (!knownHost(ctx, request)) return refuse(403, 'The dashboard answers only on the gateway host or loopback');
  const origin = request.headers.origin;
  const own = `${ctx.urls.gateway.startsWith('https:') ? 'https' : 'http'}://${request.headers.host ?? ''}`;
  if (origin !== undefined && origin !== own && origin !== new URL(ctx.urls.gateway).origin) return refuse(403, 'The dashboard refuses cross-site requests');
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return refuse(403, 'The dashboard refuses cross-site requests');
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && type !== 'application/json') return refuse(415, 'Dashboard actions accept application/json only');
  return null;
}

/** An action's viewer: cross-site checks passed, a viewer, and its CSRF token in x-csrf-token. */
export async function requireActor(ctx: GatewayContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(ctx, request);
  const sent = request.headers['x-csrf-token'];
  if (!viewer.csrfToken || typeof sent !== 'string' || !sameText(sent, viewer.csrfToken)) throw refuse(403, 'Missing or wrong CSRF token: reload the dashboard');
  return viewer;
}

/** Signs a merchant in by its API credentials; null when they are wrong. */
export async function signIn(ctx: GatewayContext, reply: FastifyReply, clientId: string, clientSecret: string): Promise<MerchantConfig | null> {
  const merchant = ctx.config.merchants.find((m) => m.active && sameText(m.client_id, clientId) && sameText(m.client_secret, clientSecret));
  if (!merchant) return null;
  const { value } = await cookieValue(ctx, merchant.id);
  setCookie(ctx, reply, value, COOKIE_LIFETIME_S);
  return merchant;
}

export function signOut(ctx: GatewayContext, reply: FastifyReply): void {
  setCookie(ctx, reply, '', 0);
}

/** The merchant a request is about: `merchant` when the viewer may see it (default: the viewer's first). */
export function merchantFor(viewer: Viewer, asked: string | undefined): MerchantConfig {
  const merchant = asked === undefined || asked === '' ? viewer.merchants[0] : viewer.merchants.find((m) => m.id === asked);
  if (!merchant) throw refuse(404, 'No such merchant for this viewer');
  return merchant;
}
