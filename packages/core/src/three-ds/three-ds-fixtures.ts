/**
 * Builders of gateway responses for tests of the 3-D Secure flow (here, and for the
 * adapters in embedded-fields and hosted-page). Not for production code.
 */
import {
  emptyCustomer,
  type Action,
  type ActionType,
  type ExecutionResponse,
  type ThreeDsActionToken,
  type Transaction,
  type TransactionStatus,
} from '../api-types';
import { encodeBase64Json } from '../base64-json';

/** A token as the gateway issues it; override any field. */
export function fixtureActionToken(overrides: Partial<ThreeDsActionToken> = {}): ThreeDsActionToken {
  return {
    acs_url: 'https://acs.example:8443/challenge',
    message_version: '2.2.0',
    three_ds_server_trans_id: '3ds-trans-1',
    three_ds_method_notification_url: 'https://gateway.example/three-ds/3ds-trans-1/method-notification',
    three_ds_method_url: 'https://acs.example:8443/method',
    acs_trans_id: 'acs-trans-1',
    challenge_window_size: '03',
    ...overrides,
  };
}

/** An action whose token encodes `token` (or is the given raw string). */
export function fixtureAction(type: ActionType, token: Partial<ThreeDsActionToken> | string = {}): Action {
  return {
    transaction_id: 'trx-1',
    session_id: 'session-1',
    type,
    token: typeof token === 'string' ? token : encodeBase64Json(fixtureActionToken(token)),
    payment_data: 'opaque-payment-data',
  };
}

/** A card transaction in a final state. */
export function fixtureTransaction(status: TransactionStatus = 'APPROVED'): Transaction {
  const approved = status === 'APPROVED';
  return {
    id: 'trx-1',
    merchant_id: 'merchant-1',
    order_id: 'order-1',
    terminal_id: 'TERM-001',
    reference: 'ref-1',
    description: 'Order 1',
    currency: 'EUR',
    amount: 1999,
    customer: emptyCustomer(),
    customer_ip: null,
    processing_result: {
      approval_code: approved ? 'A1B2C3' : null,
      payment_provider_account_id: null,
      payment_provider_id: null,
      reference_number: null,
    },
    approved,
    pending: status === 'PENDING',
    channel: 'ecommerce',
    transaction_type: 'PURCHASE',
    status,
    payment_method: { type: 'card', brand: 'VISA', hash: null, masked: '400000******0002', method: null, token: null },
    redirect_url: null,
    normalized_amount: 1999,
    errors: [],
    processing_code: approved ? '0000' : '1000',
    response_message: null,
    data: null,
  };
}

const EMPTY: ExecutionResponse = { result: null, action: null, redirect: null, form_submit: null };

/** Execution responses with one field populated. */
export const fixtureResponse = {
  result: (status: TransactionStatus = 'APPROVED'): ExecutionResponse => ({ ...EMPTY, result: fixtureTransaction(status) }),
  fingerprint: (token: Partial<ThreeDsActionToken> | string = {}): ExecutionResponse => ({
    ...EMPTY,
    action: fixtureAction('THREE_DS_2_FINGERPRINT', token),
  }),
  challenge: (token: Partial<ThreeDsActionToken> | string = {}): ExecutionResponse => ({
    ...EMPTY,
    action: fixtureAction('THREE_DS_2_CHALLENGE', token),
  }),
  redirect: (url = 'https://gateway.example/three-ds/redirect/trx-1'): ExecutionResponse => ({
    ...EMPTY,
    redirect: { transaction_id: 'trx-1', session_id: 'session-1', url },
  }),
  formSubmit: (url = 'https://gateway.example/three-ds/form/trx-1'): ExecutionResponse => ({
    ...EMPTY,
    form_submit: { transaction_id: 'trx-1', session_id: 'session-1', url, data: { trans_status: 'Y', id: 'trx-1' } },
  }),
  empty: (): ExecutionResponse => ({ ...EMPTY }),
};
