/** The merchant's view of an alternative method's execution response. */
import { describe, expect, it } from 'vitest';
import type { ExecutionResponse, Transaction } from '@payments/core';
import { toAlternativeResponse } from './alternative-response';

describe('toAlternativeResponse', () => {
  it('is PENDING with the redirect, which the host page follows', () => {
    const response = toAlternativeResponse({
      result: null,
      action: null,
      redirect: { transaction_id: 'tx1', session_id: 's1', url: 'http://127.0.0.1:4011/provider/tx1' },
      form_submit: null,
    });
    expect(response).toEqual({
      approved: false,
      status: 'PENDING',
      transactionId: 'tx1',
      result: null,
      redirect: { transaction_id: 'tx1', session_id: 's1', url: 'http://127.0.0.1:4011/provider/tx1' },
      action: null,
      form_submit: null,
    });
  });

  it('answers a DECLINED result as a response', () => {
    const result = { id: 'tx2', status: 'DECLINED', approved: false } as Transaction;
    const response = toAlternativeResponse({ result, action: null, redirect: null, form_submit: null } satisfies ExecutionResponse);
    expect(response).toMatchObject({ approved: false, status: 'DECLINED', transactionId: 'tx2', redirect: null });
  });
});
