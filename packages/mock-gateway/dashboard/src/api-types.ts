/**
 * The shapes /dashboard/api answers. One file for both sides: the gateway's views
 * (src/dashboard/views.ts, timeline.ts) are typed with these, so the page and the server
 * cannot drift apart. Types only: no DOM, no Node.
 */

export interface TransactionView {
  id: string;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
  status: string;
  type: string;
  amount: number;
  currency: string;
  reference: string;
  description: string;
  terminal_id: string;
  integration_type: string;
  card: string | null;
  brand: string | null;
  method: string;
  processing_code: string | null;
  response_message: string | null;
  three_ds_stage: string | null;
}

export interface AttemptView {
  at: string;
  url: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
  response_excerpt: string | null;
  series: number;
}

export interface DeliveryView {
  id: string;
  event: string;
  transaction_id: string;
  state: 'pending' | 'delivered' | 'failed' | 'no_url';
  url: string;
  created_at: string;
  next_attempt_at: string | null;
  resends: number;
  attempts: AttemptView[];
}

export interface SessionView {
  id: string;
  kind: 'EMBEDDED_FIELDS' | 'HPP';
  status: string;
  reference: string;
  description: string;
  amount: number;
  currency: string;
  type: string;
  terminal_id: string;
  created_at: string;
  expires_at: string;
  customer_id: string | null;
  transaction_ids: string[];
}

export interface CustomerView {
  id: string;
  name: string | null;
  email: string;
  country: string | null;
  saved_cards: { id: string; status: string; brand: string | null; card: string; exp_month: number; exp_year: number; created_at: string }[];
}

export interface ThreeDsStepView {
  at: string;
  step: string;
  decided_by: 'issuer' | 'simulator' | null;
  trans_status: string | null;
}

export interface Timeline {
  transaction: TransactionView;
  session: SessionView | null;
  authorize: { at: string; integration_type: string; amount: number; currency: string; card: string | null; brand: string | null; expiry: string | null; method: string; originator_url: string };
  three_ds: { flow: string; stage: string; trans_status: string | null; steps: ThreeDsStepView[] } | null;
  result: { at: string; status: string; approved: boolean; processing_code: string | null; response_message: string | null };
  operations: TransactionView[];
  deliveries: DeliveryView[];
}

export interface FaultView {
  id: number;
  path: string;
  mode: string;
  remaining: number;
}

export interface Me {
  signed_in: boolean;
  operator: boolean;
  merchants: { id: string; name: string }[];
  csrf_token: string | null;
  now: string;
  webhook_url: string | null;
  faults: FaultView[];
}
