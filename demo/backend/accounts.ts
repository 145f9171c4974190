/**
 * Shopper profiles and their saved cards, the way a merchant backend keeps them: a profile
 * is a customer created at the gateway (POST /api/customers, merchant credentials); a card
 * joins it when the gateway's tokenization webhook (verified) says so; removing a card is
 * DELETE /api/payment-methods/{id} from here, never from the browser. In memory (a demo).
 *
 *   POST   /api/account {email, firstName?, lastName?}   → Account (creates the customer)
 *   GET    /api/account/:accountId                        → Account
 *   DELETE /api/account/:accountId/cards/:paymentMethodId → Account (the card kept as DELETED)
 *
 * The account id is a random bearer the page keeps; the gateway's customer id is what
 * sessions are created with (`customer.id`), so saved cards are linked to the customer.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TOKENIZATION_EVENT, type TokenizationWebhookData } from '@payments/core';
import type { GatewayClient } from '@payments/testing';
import type { Account, AccountCard, ApiProblem, CreateAccountRequest } from '../shared/api-types';

const ACCOUNT_ID = /^[a-f0-9]{32}$/;
const PAYMENT_METHOD_ID = /^[A-Za-z0-9_-]{1,128}$/;

const createSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 512, pattern: '^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+$' },
    firstName: { type: 'string', maxLength: 255 },
    lastName: { type: 'string', maxLength: 255 },
  },
} as const;

interface AccountRecord extends Account {
  cards: AccountCard[];
}

export class ShopperAccounts {
  private readonly accounts = new Map<string, AccountRecord>();

  create(customerId: string, details: CreateAccountRequest): Account {
    const account: AccountRecord = {
      accountId: randomBytes(16).toString('hex'),
      customerId,
      email: details.email,
      firstName: details.firstName ?? null,
      lastName: details.lastName ?? null,
      cards: [],
    };
    this.accounts.set(account.accountId, account);
    return this.view(account);
  }

  get(accountId: string): Account | undefined {
    const account = this.accounts.get(accountId);
    return account && this.view(account);
  }

  /** The gateway's customer id of an account, for a session. */
  customerOf(accountId: string): AccountRecord | undefined {
    return this.accounts.get(accountId);
  }

  /** A verified tokenization webhook: the card joins its customer's account (once). */
  tokenized(data: TokenizationWebhookData): boolean {
    const account = [...this.accounts.values()].find((a) => a.customerId === data.customer_id);
    if (!account || account.cards.some((card) => card.paymentMethodId === data.payment_method_id)) return false;
    account.cards.unshift({
      paymentMethodId: data.payment_method_id,
      cardBrand: data.card_brand ?? 'Card',
      maskedPan: data.card_masked,
      last4: data.card_last_4,
      // The saved-card component takes MMYY.
      expirationDate: `${String(data.card_exp_month).padStart(2, '0')}${String(data.card_exp_year).slice(-2)}`,
      status: 'ACTIVE',
      transactionId: data.transaction_id,
    });
    return true;
  }

  markDeleted(accountId: string, paymentMethodId: string): void {
    const card = this.accounts.get(accountId)?.cards.find((c) => c.paymentMethodId === paymentMethodId);
    if (card) card.status = 'DELETED';
  }

  private view(account: AccountRecord): Account {
    return { ...account, cards: account.cards.map((card) => ({ ...card })) };
  }
}

/** Routes a webhook body to the accounts when it is a tokenization event. */
export function accountWebhookHandler(accounts: ShopperAccounts): (body: unknown) => void {
  return (body) => {
    const event = body as { event?: unknown; data?: TokenizationWebhookData };
    if (event.event === TOKENIZATION_EVENT && event.data && typeof event.data.payment_method_id === 'string') accounts.tokenized(event.data);
  };
}

export function registerAccountRoutes(app: FastifyInstance, options: { gateway: GatewayClient; accounts: ShopperAccounts }): void {
  const { gateway, accounts } = options;
  const notFound = (): ApiProblem => ({ error: 'unknown_account', message: 'We could not find your saved cards. Create your profile again.' });

  app.post<{ Body: CreateAccountRequest }>('/api/account', { schema: { body: createSchema } }, async (request, reply) => {
    const { email, firstName, lastName } = request.body;
    try {
      const customer = await gateway.request<{ id: string }>('POST', '/api/customers', {
        email,
        ...(firstName ? { first_name: firstName } : {}),
        ...(lastName ? { last_name: lastName } : {}),
      });
      return accounts.create(customer.id, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'creating the customer failed');
      const problem: ApiProblem = { error: 'gateway_unavailable', message: 'Your profile could not be created. Please try again in a moment.' };
      return reply.code(502).send(problem);
    }
  });

  app.get<{ Params: { accountId: string } }>('/api/account/:accountId', async (request, reply) => {
    const account = ACCOUNT_ID.test(request.params.accountId) ? accounts.get(request.params.accountId) : undefined;
    return account ?? reply.code(404).send(notFound());
  });

  app.delete<{ Params: { accountId: string; paymentMethodId: string } }>('/api/account/:accountId/cards/:paymentMethodId', async (request, reply) => {
    const { accountId, paymentMethodId } = request.params;
    const account = ACCOUNT_ID.test(accountId) ? accounts.get(accountId) : undefined;
    if (!account) return reply.code(404).send(notFound());
    if (!PAYMENT_METHOD_ID.test(paymentMethodId) || !account.cards.some((card) => card.paymentMethodId === paymentMethodId)) {
      const problem: ApiProblem = { error: 'unknown_card', message: 'This card is not saved in your profile.' };
      return reply.code(404).send(problem);
    }
    try {
      // The merchant backend, with its own credentials (payment_method:detach), never the browser.
      const deleted = await gateway.request<{ status: string }>('DELETE', `/api/payment-methods/${encodeURIComponent(paymentMethodId)}`);
      if (deleted.status === 'DELETED') accounts.markDeleted(accountId, paymentMethodId);
      return accounts.get(accountId);
    } catch (error) {
      request.log.error({ err: error }, 'deleting the saved card failed');
      const problem: ApiProblem = { error: 'gateway_unavailable', message: 'The card could not be removed. Please try again in a moment.' };
      return reply.code(502).send(problem);
    }
  });
}
