import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { canSelfCancel, SELF_CANCEL_MESSAGES, selfCancelRefusal } from './self-cancel.ts';

describe('selfCancelRefusal', () => {
  const table: [OrderStatus, string | null][] = [
    ['PLACED', null],
    ['CONFIRMED', null],
    ['PACKED', SELF_CANCEL_MESSAGES.packed],
    ['SHIPPED', SELF_CANCEL_MESSAGES.packed],
    ['DELIVERED', SELF_CANCEL_MESSAGES.packed],
    ['RTO', SELF_CANCEL_MESSAGES.packed],
    ['CANCELLED', SELF_CANCEL_MESSAGES.cancelled],
  ];
  it.each(table)('an order %s: %s', (status, refusal) => {
    expect(selfCancelRefusal(status)).toBe(refusal);
  });

  it('covers every status, and agrees with canSelfCancel', () => {
    expect(table.map(([s]) => s).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const s of ORDER_STATUSES) expect(canSelfCancel(s)).toBe(selfCancelRefusal(s) === null);
  });
});
