import { describe, expect, it } from 'vitest';
import {
  PREPAYMENT_STATUSES,
  PREPAYMENT_TRANSITIONS,
  prepaymentStatusesBefore,
} from './prepayment-status.ts';

describe('the COD prepayment transition table', () => {
  it('settles a pending prepayment once: paid, or refunded when it cannot convert the order', () => {
    expect(PREPAYMENT_TRANSITIONS.pending).toEqual(['paid', 'refunded']);
  });

  it('marks a paid prepayment refunded when a second payment for it is given back', () => {
    expect(prepaymentStatusesBefore('refunded')).toEqual(['pending', 'paid']);
  });

  it('never pays a prepayment twice nor leaves refunded', () => {
    expect(prepaymentStatusesBefore('paid')).toEqual(['pending']);
    expect(PREPAYMENT_TRANSITIONS.refunded).toEqual([]);
    for (const from of PREPAYMENT_STATUSES) expect(PREPAYMENT_TRANSITIONS[from]).not.toContain('pending');
  });
});
