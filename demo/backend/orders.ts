/**
 * The outcome of a payment, always from the gateway: GET /api/orders/:transactionId asks
 * GET /api/transactions/{id}/status with the shop's bearer token, and GET /return (where
 * the shopper lands after a 3-D Secure redirect or form) renders that verified status.
 * The `status` in the return URL's query is never believed: anyone can type it.
 */
import type { FastifyInstance } from 'fastify';
import { formatAmount } from '@payments/core';
import type { GatewayClient } from '@payments/testing';
import type { ApiProblem, OrderStatus } from '../shared/api-types';
import { renderTemplate } from './html';

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
  };
}

/** What the return page says for a verified status (shopper wording; codes for support). */
export interface Outcome {
  tone: 'approved' | 'declined' | 'pending' | 'unknown';
  title: string;
  detail: string;
  /** The processing code and message, for support ('' when none). */
  code: string;
}

export function describeOutcome(order: OrderStatus | null): Outcome {
  if (!order?.found) {
    return {
      tone: 'unknown',
      title: 'We could not find this payment',
      detail: 'Nothing was charged that we know of. Please return to the shop and try again.',
      code: '',
    };
  }
  if (order.approved && order.status === 'APPROVED') {
    return {
      tone: 'approved',
      title: 'Thank you, your payment was approved',
      detail: 'Your order is confirmed and will ship within 2 working days.',
      code: '',
    };
  }
  if (order.status === 'PENDING' || order.status === 'CREATED') {
    return {
      tone: 'pending',
      title: 'Your payment is being processed',
      detail: 'We will email you as soon as your bank confirms it. You do not need to pay again.',
      code: '',
    };
  }
  return {
    tone: 'declined',
    title: 'Your payment was not approved',
    detail: 'Nothing was charged. You can go back to the shop and try another card.',
    code: [order.processingCode ? `Code ${order.processingCode}` : null, order.responseMessage].filter(Boolean).join(' · '),
  };
}

export interface OrderRouteOptions {
  gateway: GatewayClient;
  /** demo/public/return.html. */
  returnTemplate: string;
}

export function registerOrderRoutes(app: FastifyInstance, { gateway, returnTemplate }: OrderRouteOptions): void {
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
    const id = request.query.transaction_id;
    let order: OrderStatus | null = null;
    let checkFailed = false;
    if (isTransactionId(id)) {
      try {
        order = await orderStatus(gateway, id);
      } catch (error) {
        request.log.error({ err: error }, 'checking the transaction status failed');
        checkFailed = true;
      }
    }
    const outcome: Outcome = checkFailed
      ? {
          tone: 'pending',
          title: 'We are checking your payment',
          detail: 'The payment service did not answer. Refresh this page in a moment; do not pay again.',
          code: '',
        }
      : describeOutcome(order);
    const amount = order?.amount != null && order.currency ? formatAmount(order.amount, order.currency, 'en-US') : '—';
    const html = renderTemplate(returnTemplate, {
      tone: outcome.tone,
      title: outcome.title,
      detail: outcome.detail,
      code: outcome.code,
      status: order?.status ?? 'UNKNOWN',
      reference: order?.reference ?? '—',
      amount,
      transactionId: order?.found ? order.transactionId : '—',
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
