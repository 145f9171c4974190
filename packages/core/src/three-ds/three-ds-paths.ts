/** Paths of the spec's two 3-D Secure calls, relative to {base_url}. */

/** POST: continue 3-D Secure after the fingerprint step. */
export function requestAuthenticationPath(threeDsServerTransId: string): string {
  return `/api/transactions/three-ds/${encodeURIComponent(threeDsServerTransId)}/request-authentication`;
}

/** POST: report the challenge result. */
export const AUTHENTICATION_COMPLETED_PATH = '/api/transactions/three-ds/authentication-completed';
