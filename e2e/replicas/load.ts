/**
 * Payments under load for the fault drills (a Postgres restart, a rolling restart): `loops`
 * merchants' backends each paying one frictionless card purchase after another, directly to
 * `url`. A request that fails for the sandbox's sake (503, 502, no answer) is sent again
 * with the same reference and body, as a merchant backend following Retry-After would, until
 * it is answered; so each reference must end as exactly one transaction, the one answered.
 */
import { TEST_BROWSER_INFO } from '@payments/core';
import { uniqueReference, type GatewayClient } from '@payments/testing';

/** A client gives up on an answer after this long (the issue's bound is 5 s; the margin is the loaded host's). */
export const CLIENT_TIMEOUT_MS = 8_000;

export interface Answer {
  /** 0: no answer (connection refused or reset, or timed out). */
  status: number;
  at: number;
  ms: number;
  retryAfter: string | null;
  /** The error body's code (SANDBOX_DATABASE_UNAVAILABLE…), when there was one. */
  code: string | null;
  error: string | null;
}

export interface Payment {
  reference: string;
  answers: Answer[];
  /** The transaction the final 200 named. */
  id: string | null;
}

const REPLAYED = new Set([0, 502, 503, 504]);

export async function purchaseBody(gateway: GatewayClient, reference: string): Promise<string> {
  return JSON.stringify({
    reference,
    terminal_id: 'TERM00001',
    description: 'Fault drill',
    currency: 'EUR',
    amount: 1500,
    transaction_type: 'PURCHASE',
    return_url: 'https://shop.example/return',
    payment_method: { type: 'card', data: await gateway.encryptCard({ number: '4000000000000002' }) },
    browser_info: TEST_BROWSER_INFO,
  });
}

/** Sends `body` until it is answered for good (not 0, 502, 503, 504), noting each answer in `payment`. */
async function payUntilAnswered(url: string, body: string, token: string, payment: Payment): Promise<Payment> {
  for (;;) {
    const answer = await send(`${url}/api/transactions/authorize`, body, token);
    payment.answers.push(answer.answer);
    if (!REPLAYED.has(answer.answer.status)) {
      payment.id = answer.id;
      return payment;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `times` requests of one payment at once (one reference): they queue in the database for the
 * reference's lock, each holding a connection. Resolves, once each is answered for good (a
 * failed one sent again), with the payment: every answer, and the transaction of the last.
 */
export async function burstOfOneReference(url: string, gateway: GatewayClient, times: number): Promise<Payment> {
  const token = await gateway.accessToken();
  const reference = uniqueReference('burst');
  const body = await purchaseBody(gateway, reference);
  const replies = await Promise.all(Array.from({ length: times }, () => payUntilAnswered(url, body, token, { reference, answers: [], id: null })));
  const ids = new Set(replies.map((r) => r.id));
  return { reference, answers: replies.flatMap((r) => r.answers), id: ids.size === 1 ? replies[0]!.id : null };
}

/** `pauseMs`: each loop waits this long between payments (a gentler load). */
export function payUnderLoad(options: { url: string; gateway: GatewayClient; loops: number; prefix: string; pauseMs?: number }) {
  const payments: Payment[] = [];
  let stopped = false;
  const payOnce = async (token: string): Promise<void> => {
    const reference = uniqueReference(options.prefix);
    const payment: Payment = { reference, answers: [], id: null };
    payments.push(payment);
    await payUntilAnswered(options.url, await purchaseBody(options.gateway, reference), token, payment);
  };
  const loops = (async () => {
    const token = await options.gateway.accessToken();
    await Promise.all(
      Array.from({ length: options.loops }, async () => {
        while (!stopped) {
          await payOnce(token);
          if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
        }
      }),
    );
  })();
  return {
    payments,
    /** Every answer so far, of every payment. */
    answers: () => payments.flatMap((p) => p.answers),
    /** Stops starting payments; resolves once each started one has its answer. */
    async stop(): Promise<Payment[]> {
      stopped = true;
      await loops;
      return payments;
    },
  };
}

export async function send(url: string, body: string, token: string): Promise<{ answer: Answer; id: string | null }> {
  const at = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'fault-drill', authorization: `Bearer ${token}` },
      body,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const parsed = (await response.json().catch(() => null)) as { result?: { id?: string }; code?: string } | null;
    const answer = { status: response.status, at, ms: Date.now() - at, retryAfter: response.headers.get('retry-after'), code: parsed?.code ?? null, error: null };
    return { answer, id: parsed?.result?.id ?? null };
  } catch (error) {
    return { answer: { status: 0, at, ms: Date.now() - at, retryAfter: null, code: null, error: String(error) }, id: null };
  }
}

/** What the load met, for a failure message: status (and code) → how many. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status}${a.code ? ` ${a.code}` : ''}${a.error ? ` ${a.error.slice(0, 60)}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
