import { describe, expect, it } from 'vitest';
import type { TransactionWebhookPayload } from '@payments/core';
import type { CardFacts, ThreeDsState, TransactionRecord } from '../store/records';
import { expiryDate, transactionPayload } from './payload';

function record(changes: Partial<Omit<TransactionRecord, 'transaction'>> = {}): TransactionRecord {
  return {
    transaction: {
      id: 'tx-1',
      merchant_id: 'MERCHANT0001',
      order_id: 'order-1',
      terminal_id: 'TERM00001',
      reference: 'ref-1',
      description: 'Blue jacket',
      currency: 'EUR',
      amount: 1250,
      customer: {
        id: 'cus-1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '+38761000000',
        address: '1 Main St',
        city: 'Sarajevo',
        country: 'BA',
        postal_code: '71000',
      },
      customer_ip: '203.0.113.7',
      processing_result: {
        approval_code: '123456',
        payment_provider_account_id: 'SIM-ACCOUNT-1',
        payment_provider_id: 'simplified-card-simulator',
        reference_number: '000000000042',
      },
      approved: true,
      pending: false,
      channel: 'ecommerce',
      transaction_type: 'PURCHASE',
      status: 'APPROVED',
      payment_method: { type: 'card', brand: 'VISA', hash: 'h-1', masked: '400000******0002', method: 'card', token: 'pm-1' },
      redirect_url: null,
      normalized_amount: 1250,
      errors: [],
      processing_code: '0000',
      response_message: 'TRX_STATUS_APPROVED',
      data: { retry_options: null },
    },
    integration_type: 'DIRECT_API',
    metadata: { order: 'A-1' },
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:06.000Z',
    parent_id: null,
    session_id: null,
    originator_url: 'http://localhost:5173',
    return_url: null,
    error_url: null,
    cancel_url: null,
    card: null,
    three_ds: null,
    captured_amount: 0,
    refunded_amount: 0,
    last_response: null,
    announced_statuses: [],
    tokenize: null,
    blik_code_given: false,
    ...changes,
  };
}

const CARD: CardFacts = { bin: '400000', last4: '0002', brand: 'VISA', exp_month: 2, exp_year: 2028, number: '4000000000000002' };

const THREE_DS: ThreeDsState = {
  server_trans_id: 's-1',
  acs_trans_id: 'a-1',
  payment_data: 'pd',
  flow: 'SIMPLIFIED',
  stage: 'DONE',
  rounds: 0,
  challenge_window_size: '05',
  notification_url: 'https://merchant.example/3ds',
  acs_result: null,
  trans_status: 'Y',
  expected_trans_status: null,
  method_completed: true,
};

describe('transactionPayload', () => {
  it('maps every field of the spec from the record', () => {
    const payload = transactionPayload(record(), 'transaction-svc:transaction:declined', '012345');
    const expected: TransactionWebhookPayload = {
      id: 'tx-1',
      merchant_id: 'MERCHANT0001',
      terminal_id: 'TERM00001',
      order_id: 'order-1',
      payment_link_id: null,
      reference: 'ref-1',
      description: 'Blue jacket',
      currency: 'EUR',
      amount: 1250,
      transaction_type: 'PURCHASE',
      processing_code: '0000',
      response_message: 'TRX_STATUS_APPROVED',
      status: 'APPROVED',
      metadata: { order: 'A-1' },
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:06.000Z',
      approval_code: '123456',
      reference_number: '000000000042',
      parent_id: null,
      systan: '012345',
      integration_type: 'DIRECT_API',
      transaction_initiated_by: 'CUSTOMER',
      authentication_level: null,
      payment_provider_response_code: '0000',
      payment_provider_response_message: 'TRX_STATUS_APPROVED',
      normalized_amount: 1250,
      customer_id: 'cus-1',
      outgoing_amount: 1250,
      outgoing_currency: 'EUR',
      payment_method_method: 'card',
      payment_method_hash: 'h-1',
      payment_method_type: 'card',
      payment_method_brand: 'VISA',
      payment_method_masked: '400000******0002',
      payment_method_token: 'pm-1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      customer_address: '1 Main St',
      customer_city: 'Sarajevo',
      customer_country: 'BA',
      customer_postal_code: '71000',
      customer_email: 'ada@example.com',
      customer_phone_number: '+38761000000',
      authentication_status: null,
      payment_method_expiry: null,
    };
    expect(payload).toEqual(expected);
  });

  it('leaves the token null on the purchase approved event only', () => {
    expect(transactionPayload(record(), 'transaction-svc:transaction:purchase:approved').payment_method_token).toBeNull();
    expect(transactionPayload(record(), 'transaction-svc:transaction:authorize:authorized').payment_method_token).toBe('pm-1');
    expect(transactionPayload(record()).payment_method_token).toBe('pm-1');
  });

  it('reports 3-D Secure as level and status', () => {
    const payload = transactionPayload(record({ three_ds: THREE_DS }));
    expect(payload.authentication_level).toBe('THREE_DS_2');
    expect(payload.authentication_status).toBe('Y');
    expect(transactionPayload(record({ three_ds: { ...THREE_DS, trans_status: null } })).authentication_status).toBeNull();
  });

  it('says MERCHANT initiated only for a card saved for merchant-initiated use', () => {
    const mit = record({ tokenize: { save: true, tokenize_for: 'MERCHANT_INITIATED_TRANSACTION', customer_id: null } });
    const cit = record({ tokenize: { save: true, tokenize_for: 'CUSTOMER_INITIATED_TRANSACTION', customer_id: null } });
    expect(transactionPayload(mit).transaction_initiated_by).toBe('MERCHANT');
    expect(transactionPayload(cit).transaction_initiated_by).toBe('CUSTOMER');
  });

  it('carries parent_id of a management child', () => {
    expect(transactionPayload(record({ parent_id: 'tx-0' })).parent_id).toBe('tx-0');
  });

  it('gives the last day of the card expiry month', () => {
    expect(transactionPayload(record({ card: CARD })).payment_method_expiry).toBe('2028-02-29');
    expect(expiryDate({ exp_month: 2, exp_year: 2027 })).toBe('2027-02-28');
    expect(expiryDate({ exp_month: 12, exp_year: 2030 })).toBe('2030-12-31');
    expect(expiryDate({ exp_month: 4, exp_year: 2029 })).toBe('2029-04-30');
  });

  it('draws a 6-digit systan', () => {
    expect(transactionPayload(record()).systan).toMatch(/^\d{6}$/);
  });

  it('is a snapshot: later changes to the record do not leak in', () => {
    const source = record();
    const payload = transactionPayload(source);
    source.metadata['order'] = 'changed';
    source.transaction.status = 'DECLINED';
    expect(payload.metadata).toEqual({ order: 'A-1' });
    expect(payload.status).toBe('APPROVED');
  });
});
