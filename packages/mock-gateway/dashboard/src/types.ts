export type * from './api-types';

export interface SignedRequest {
  headers: Record<string, string>;
  body: string;
}

/** An action waiting for the viewer's confirmation; `run` answers what to tell them afterwards. */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<string>;
}
