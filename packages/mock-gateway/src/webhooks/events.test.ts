import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type TransactionStatus, type TransactionType } from '@payments/core';
import type { TransactionRecord } from '../store/records';
import { eventsFor } from './events';

function record(type: TransactionType, status: TransactionStatus, parentId: string | null = null): TransactionRecord {
  return {
    transaction: { transaction_type: type, status },
    parent_id: parentId,
  } as unknown as TransactionRecord;
}

const T = 'transaction-svc:transaction';
const DECLINED_LIKE: TransactionStatus[] = ['DECLINED', 'FAILED', 'CANCELED', 'EXPIRED'];

describe('eventsFor: originating transactions', () => {
  it.each<[TransactionType, TransactionStatus, string[]]>([
    ['PURCHASE', 'APPROVED', [`${T}:purchase:approved`]],
    ['PURCHASE', 'PENDING', [`${T}:purchase:pending`, `${T}:pending`]],
    ['PAYMENT', 'APPROVED', [`${T}:purchase:approved`]],
    ['PAYMENT', 'PENDING', [`${T}:purchase:pending`, `${T}:pending`]],
    ['AUTHORIZE', 'APPROVED', [`${T}:authorize:authorized`, `${T}:authorized`]],
    ['AUTHORIZE', 'PENDING', [`${T}:authorize:pending`, `${T}:pending`]],
    ['OCT', 'APPROVED', [`${T}:authorized`]],
    ['OCT', 'PENDING', [`${T}:pending`]],
    ['PAYOUT', 'APPROVED', [`${T}:authorized`]],
    ['PAYOUT', 'PENDING', [`${T}:pending`]],
  ])('%s %s', (type, status, events) => {
    expect(eventsFor(record(type, status))).toEqual(events);
  });

  describe.each(DECLINED_LIKE)('%s reads as declined', (status) => {
    it.each<[TransactionType, string[]]>([
      ['PURCHASE', [`${T}:purchase:declined`, `${T}:declined`]],
      ['PAYMENT', [`${T}:purchase:declined`, `${T}:declined`]],
      ['AUTHORIZE', [`${T}:authorize:declined`, `${T}:declined`]],
      ['OCT', [`${T}:declined`]],
      ['PAYOUT', [`${T}:declined`]],
    ])('%s', (type, events) => {
      expect(eventsFor(record(type, status))).toEqual(events);
    });
  });

  it.each<TransactionType>(['PURCHASE', 'PAYMENT', 'AUTHORIZE', 'OCT', 'PAYOUT'])(
    '%s announces nothing when CREATED or VOIDED',
    (type) => {
      expect(eventsFor(record(type, 'CREATED'))).toEqual([]);
      expect(eventsFor(record(type, 'VOIDED'))).toEqual([]);
    },
  );
});

describe('eventsFor: management children', () => {
  it.each<[TransactionType, string]>([
    ['CAPTURE', 'capture'],
    ['REFUND', 'refund'],
    ['VOID', 'void'],
  ])('%s', (type, kind) => {
    expect(eventsFor(record(type, 'APPROVED', 'parent-1'))).toEqual([
      `${T}:management:${kind}:approved`,
      `${T}:management:approved`,
    ]);
    expect(eventsFor(record(type, 'DECLINED', 'parent-1'))).toEqual([
      `${T}:management:${kind}:declined`,
      `${T}:management:declined`,
    ]);
    expect(eventsFor(record(type, 'PENDING', 'parent-1'))).toEqual([]);
    expect(eventsFor(record(type, 'CREATED', 'parent-1'))).toEqual([]);
  });
});

it('only names events of the spec table', () => {
  const types: TransactionType[] = ['PURCHASE', 'PAYMENT', 'AUTHORIZE', 'OCT', 'PAYOUT', 'CAPTURE', 'REFUND', 'VOID'];
  const statuses: TransactionStatus[] = ['CREATED', 'PENDING', 'APPROVED', 'DECLINED', 'FAILED', 'CANCELED', 'EXPIRED', 'VOIDED'];
  const known = new Set<string>(WEBHOOK_EVENTS);
  for (const type of types) {
    for (const status of statuses) {
      for (const event of eventsFor(record(type, status))) expect(known.has(event), event).toBe(true);
    }
  }
});
