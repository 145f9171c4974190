/**
 * GET /api/orders: the shop's orders from its database, newest first (each with the verified
 * webhooks applied to it).
 *
 * The outcome of a payment, always from the gateway: GET /api/orders/:transactionId asks
 * GET /api/transactions/{id}/status with the shop's bearer token, and GET /return (where
 * the shopper lands after a 3-D Secure redirect or form) renders that verified status.
 * The `status` in the return URL's query is never believed: anyone can type it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayClient } from '@payments/testing';
import type { ApiProblem, OrdersResponse, OrderStatus } from '../shared/api-types';
import { checkingOutcome, describeOutcome, type ShopperOutcome } from '../shared/outcome';
import type { OrderBook } from './order-book';
import { renderOutcomePage } from './outcome-page';
import { shopperLocale } from './shopper-locale';

/** Transaction ids are UUID-like; anything else is not sent to the gateway. */
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isTransactionId(value: unknown): value is string {
  return typeof value === 'string' && TRANSACTION_ID.test(value);
}

/** The gateway's status of a transaction, reduced to what the shop shows. */
export async function orderStatus(gateway: GatewayClient, transactionId: string): Promise<OrderStatus> {
  const { found, transaction } = await gateway.status(transactionId);
  return {
    found: found && transaction !== null,
    transactionId,
    status: transaction?.status ?? null,
    approved: transaction?.approved ?? false,
    amount: transaction?.amount ?? null,
    currency: transaction?.currency ?? null,
    reference: transaction?.reference ?? null,
    processingCode: transaction?.processing_code ?? null,
    responseMessage: transaction?.response_message ?? null,
    paymentMethodType: transaction?.payment_method?.type ?? null,
  };
}

export interface OrderRouteOptions {
  gateway: GatewayClient;
  orders: OrderBook;
  /** demo/public/return.html. */
  returnTemplate: string;
}

export function registerOrderRoutes(app: FastifyInstance, { gateway, orders, returnTemplate }: OrderRouteOptions): void {
  app.get('/api/orders', async (): Promise<OrdersResponse> => ({ orders: await orders.list() }));

  app.get<{ Params: { transactionId: string } }>('/api/orders/:transactionId', async (request, reply) => {
    const { transactionId } = request.params;
    if (!isTransactionId(transactionId)) {
      const problem: ApiProblem = { error: 'invalid_transaction_id', message: 'Not a transaction id.' };
      return reply.code(400).send(problem);
    }
    try {
      return await orderStatus(gateway, transactionId);
    } catch (error) {
      request.log.error({ err: error }, 'checking the transaction status failed');
      const problem: ApiProblem = { error: 'gateway_unavailable', message: 'The payment status could not be checked. Please try again.' };
      return reply.code(502).send(problem);
    }
  });

  app.get<{ Querystring: { transaction_id?: string } }>('/return', async (request, reply) => {
    const locale = shopperLocale(request);
    const checked = await checkedOrder(gateway, request);
    const outcome = checked === 'check-failed' ? checkingOutcome(locale) : describeOutcome(locale, checked);
    return sendOutcomePage(reply, renderOutcomePage(returnTemplate, locale, outcome), checked, outcome);
  });
}

/**
 * The order of the query's transaction_id as the gateway has it: null without a valid id,
 * 'check-failed' when the gateway did not answer. The query's status is never read.
 */
export async function checkedOrder(
  gateway: GatewayClient,
  request: FastifyRequest<{ Querystring: { transaction_id?: string } }>,
): Promise<OrderStatus | null | 'check-failed'> {
  const id = request.query.transaction_id;
  if (!isTransactionId(id)) return null;
  try {
    return await orderStatus(gateway, id);
  } catch (error) {
    request.log.error({ err: error }, 'checking the transaction status failed');
    return 'check-failed';
  }
}

/** The shopper's page; the developer facts go to the request log, not to the page. */
export function sendOutcomePage(reply: FastifyReply, html: string, checked: OrderStatus | null | 'check-failed', outcome: ShopperOutcome): FastifyReply {
  if (checked && checked !== 'check-failed') {
    reply.log.info({ transactionId: checked.transactionId, status: checked.status, processingCode: checked.processingCode, shown: outcome.tone }, 'return page');
  }
  return reply.type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Language').send(html);
}
