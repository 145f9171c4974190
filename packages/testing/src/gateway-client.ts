/**
 * A Direct API client for server-side tests and fixtures: obtains and renews a token,
 * encrypts card fields with the merchant's published key (RSA-OAEP-256), and calls the
 * gateway's endpoints. Node only (it uses node:crypto).
 */
import { constants, publicEncrypt } from 'node:crypto';
import { gatewayApi, requestAccessToken, type GatewayApi, type paths } from '@payments/mock-gateway';
import { decodeBase64Json, TEST_BROWSER_INFO, type EncryptionKey, type ExecutionResponse, type PaymentSession, type StatusResponse, type ThreeDsActionToken } from '@payments/core';

export interface GatewayCredentials {
  clientId: string;
  clientSecret: string;
  clientKey: string;
  /** The merchant these credentials belong to (the audience of its webhook JWTs). */
  merchantId?: string;
}

/** The fixture's first merchant. */
export const TEST_MERCHANT_ID = 'MERCHANT0001';

/** The mock gateway fixture's test credentials (README, "Test fixture"). */
export const TEST_CREDENTIALS: GatewayCredentials = {
  clientId: 'test-client',
  clientSecret: 'test-secret',
  clientKey: 'test-client-key',
  merchantId: TEST_MERCHANT_ID,
};

/** The fixture's second merchant (cross-merchant tests). */
export const TEST_CREDENTIALS_2: GatewayCredentials = {
  clientId: 'test-client-2',
  clientSecret: 'test-secret-2',
  clientKey: 'test-client-key-2',
  merchantId: 'MERCHANT0002',
};

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    method: string,
    path: string,
  ) {
    super(`${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export interface CardFields {
  number: string;
  month?: string;
  year?: string;
  cvv?: string;
}

/** A customer's saved card, as the saved-card component's `componentConfig.data` takes it (and the hosted page offers it). */
export interface SavedCard {
  /** The card's token (`payment_method.token`, `pm_…`). */
  paymentMethodId: string;
  maskedPan: string;
  /** MMYY. */
  expirationDate: string;
  cardBrand: string;
}

const USER_AGENT = 'payments-testing/0.1';

/** The customer a test creates when it does not care who. */
const TEST_CUSTOMER = { email: 'ana@example.com', first_name: 'Ana', last_name: 'Kovač' };

export class GatewayClient {
  private token: { value: string; expiresAt: number } | undefined;
  private key: EncryptionKey | undefined;
  /** The generated client (`@payments/mock-gateway`'s gatewayApi), with this client's bearer token. */
  readonly api: GatewayApi;

  constructor(
    readonly baseUrl: string,
    readonly credentials: GatewayCredentials = TEST_CREDENTIALS,
  ) {
    this.api = gatewayApi(baseUrl, { userAgent: USER_AGENT, credential: { bearer: () => this.accessToken() } });
  }

  /** A bearer token, renewed 10 seconds before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - 10_000 > Date.now()) return this.token.value;
    const { data, error, response } = await requestAccessToken(
      this.baseUrl,
      { clientId: this.credentials.clientId, clientSecret: this.credentials.clientSecret },
      { userAgent: USER_AGENT },
    );
    if (!data) throw new GatewayError(response.status, error, 'POST', '/oauth/token');
    this.token = { value: data.access_token, expiresAt: Date.now() + data.expires_in * 1000 };
    return data.access_token;
  }

  /** Calls the API with the bearer token; throws GatewayError on a non-2xx answer. */
  async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const { status, body: parsed } = await this.send(method, path, body);
    if (status < 200 || status >= 300) throw new GatewayError(status, parsed, method, path);
    return parsed as T;
  }

  /** Like request, but answers any status, for tests of errors. */
  async send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    // Any path, typed or not (tests of errors send what the document refuses): read as text.
    const init = { parseAs: 'text', ...(body === undefined ? {} : { body }) } as const;
    const { data, error, response } = await this.api.request(method.toLowerCase() as 'post', path as '/api/customers', init as never);
    const text = typeof data === 'string' ? data : typeof error === 'string' ? error : JSON.stringify(error ?? '');
    let parsed: unknown = text;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (the edge's empty 403, a page): keep the text
      }
    }
    return { status: response.status, body: parsed };
  }

  /** Encrypts one card field with the merchant's public key, Base64, as a browser would. */
  async encrypt(value: string): Promise<string> {
    this.key ??= await this.request<EncryptionKey>('GET', '/api/encryption-key');
    return publicEncrypt(
      { key: this.key.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(value, 'utf8'),
    ).toString('base64');
  }

  async encryptCard(card: CardFields): Promise<Record<string, string>> {
    return {
      encrypted_card_number: await this.encrypt(card.number.replace(/\s+/g, '')),
      encrypted_cvv: await this.encrypt(card.cvv ?? '123'),
      encrypted_expiration_month: await this.encrypt(card.month ?? '12'),
      encrypted_expiration_year: await this.encrypt(card.year ?? String(new Date().getFullYear() + 3)),
    };
  }

  /** A customer (POST /api/customers); Ana Kovač unless `body` says otherwise. */
  async createCustomer(body: Record<string, unknown> = TEST_CUSTOMER): Promise<{ id: string }> {
    return answer(await this.api.POST('/api/customers', { body: body as Body<'/api/customers'> }), 'POST /api/customers');
  }

  /**
   * A card saved for the customer the way a shop saves one: a first payment by the Direct API
   * with `tokenization.save_card_for_future_payments` (EUR 15.00 on TERM00001; the card
   * 4000000000000002, frictionless and approved, expiring in December next year, unless `card`
   * says otherwise). Throws unless the gateway approved it and saved the card.
   */
  async saveCard(customerId: string, card: CardFields = { number: '4000000000000002' }): Promise<SavedCard> {
    const month = card.month ?? '12';
    const year = card.year ?? String(new Date().getFullYear() + 1);
    const response = await this.authorize({
      reference: uniqueReference('save'),
      terminal_id: 'TERM00001',
      description: 'First order',
      currency: 'EUR',
      amount: 1500,
      transaction_type: 'PURCHASE',
      return_url: 'https://shop.example/return',
      payment_method: { type: 'card', data: await this.encryptCard({ ...card, month, year }) },
      browser_info: TEST_BROWSER_INFO,
      customer: { id: customerId },
      tokenization: { save_card_for_future_payments: true },
    });
    const result = response.result;
    const method = result?.payment_method;
    if (result?.status !== 'APPROVED' || !method?.token || !method.masked) throw new Error(`the gateway saved no card: ${JSON.stringify(response)}`);
    return { paymentMethodId: method.token, maskedPan: method.masked, expirationDate: `${month.padStart(2, '0')}${year.slice(-2)}`, cardBrand: method.brand ?? 'VISA' };
  }

  async authorize(body: Record<string, unknown>): Promise<ExecutionResponse> {
    const path = '/api/transactions/authorize';
    return answer(await this.api.POST(path, { body: body as Body<typeof path> }), `POST ${path}`) as ExecutionResponse;
  }

  async createSession(body: Record<string, unknown>): Promise<PaymentSession> {
    return answer(await this.api.POST('/api/sessions', { body: body as Body<'/api/sessions'> }), 'POST /api/sessions') as PaymentSession;
  }

  async createHostedPage(body: Record<string, unknown>): Promise<{ redirect_url: string; session_id: string; expires_at: string }> {
    const path = '/api/hosted-payment-page';
    return answer(await this.api.POST(path, { body: body as Body<typeof path> }), `POST ${path}`);
  }

  async status(transactionId: string): Promise<StatusResponse> {
    const path = '/api/transactions/{id}/status';
    return answer(await this.api.GET(path, { params: { path: { id: transactionId } } }), `GET ${path}`) as StatusResponse;
  }

  async requestAuthentication(serverTransId: string, body: { fingerprint_result: string; payment_data: string }): Promise<ExecutionResponse> {
    const path = '/api/transactions/three-ds/{threeDsServerTransId}/request-authentication';
    return answer(await this.api.POST(path, { params: { path: { threeDsServerTransId: serverTransId } }, body }), `POST ${path}`) as ExecutionResponse;
  }

  async authenticationCompleted(body: { payment_data: string; session_id: string; trans_status: string }): Promise<ExecutionResponse> {
    const path = '/api/transactions/three-ds/authentication-completed';
    return answer(await this.api.POST(path, { body: body as Body<typeof path> }), `POST ${path}`) as ExecutionResponse;
  }

  /**
   * The shopper's answer to a challenge at the mock ACS (what its Approve / Decline buttons
   * post), so a Direct API test can complete a challenge without a browser. The gateway
   * takes a challenge's outcome from this record only, never from authentication-completed.
   */
  async answerChallenge(action: { token: string }, outcome: 'approve' | 'decline'): Promise<void> {
    const token = decodeBase64Json<ThreeDsActionToken>(action.token);
    const response = await fetch(new URL('/acs/challenge/result', token.acs_url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
      body: new URLSearchParams({ three_ds_server_trans_id: token.three_ds_server_trans_id, acs_trans_id: token.acs_trans_id, outcome }),
    });
    await response.body?.cancel();
    if (!response.ok) throw new GatewayError(response.status, null, 'POST', '/acs/challenge/result');
  }

  /** Test-only: /__mock/reset. */
  async reset(): Promise<void> {
    answer(await this.api.POST('/__mock/reset'), 'POST /__mock/reset');
  }
}

/** The JSON body of a POST route, as the document describes it. */
type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;

/** The data of a 2xx answer, or a GatewayError with the status and body of another. */
function answer<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.response.ok) return result.data as T;
  const [method, path] = what.split(' ') as [string, string];
  throw new GatewayError(result.response.status, result.error, method, path);
}

let referenceCounter = 0;
/** A reference unique across workers and runs (references are idempotency keys). */
export function uniqueReference(prefix = 'qa'): string {
  referenceCounter += 1;
  return `${prefix}-${process.pid.toString(36)}-${Date.now().toString(36)}-${referenceCounter}`.slice(0, 40);
}
