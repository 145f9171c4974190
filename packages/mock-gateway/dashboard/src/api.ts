/**
 * The page's calls to /dashboard/api: JSON both ways, the CSRF token on every action, errors
 * turned into one readable sentence (the gateway's `errors[].message`).
 */
export class DashboardError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;

export function useCsrfToken(token: string | null): void {
  csrfToken = token;
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { errors?: { message: string }[] }) | null;
  if (!response.ok) {
    const message = body?.errors?.map((e) => e.message).join('; ') || `The gateway answered ${response.status}`;
    throw new DashboardError(response.status, message);
  }
  return body as T;
}

export async function getJson<T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return answer<T>(await fetch(`/dashboard/api/${path}${search ? `?${search}` : ''}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' }));
}

export async function postJson<T>(path: string, body: unknown = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  return answer<T>(await fetch(`/dashboard/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' }));
}
