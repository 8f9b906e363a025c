import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_INITIAL_STATUSES,
  CHECKOUT_STATUSES,
  CHECKOUT_TRANSITIONS,
  type CheckoutStatus,
  canMoveCheckout,
  checkoutHoldsStock,
  checkoutStatusesBefore,
} from './checkout-status.ts';

describe('the checkout transition table', () => {
  it('lets a pending checkout be paid, released when its hold lapses, or cancelled by a newer one', () => {
    expect(canMoveCheckout('pending', 'paid')).toBe(true);
    expect(canMoveCheckout('pending', 'released')).toBe(true);
    expect(canMoveCheckout('pending', 'cancelled')).toBe(true);
  });

  it('lets a released checkout be paid late or cancelled, but never released again', () => {
    expect(canMoveCheckout('released', 'paid')).toBe(true);
    expect(canMoveCheckout('released', 'cancelled')).toBe(true);
    expect(canMoveCheckout('released', 'released')).toBe(false);
    expect(canMoveCheckout('released', 'pending')).toBe(false);
  });

  it('ends at paid and at cancelled: nothing leaves them', () => {
    for (const to of CHECKOUT_STATUSES) {
      expect(canMoveCheckout('paid', to)).toBe(false);
      expect(canMoveCheckout('cancelled', to)).toBe(false);
    }
  });

  it('never moves a checkout back to pending, so a hold is taken once, at creation', () => {
    for (const from of CHECKOUT_STATUSES) expect(canMoveCheckout(from, 'pending')).toBe(false);
    expect(CHECKOUT_INITIAL_STATUSES).toEqual(['pending', 'paid']);
  });

  it('names only known statuses', () => {
    for (const [from, targets] of Object.entries(CHECKOUT_TRANSITIONS)) {
      expect(CHECKOUT_STATUSES).toContain(from as CheckoutStatus);
      for (const to of targets) expect(CHECKOUT_STATUSES).toContain(to);
    }
  });

  it('gives the statuses a conditional UPDATE accepts for each move', () => {
    expect(checkoutStatusesBefore('paid')).toEqual(['pending', 'released']);
    expect(checkoutStatusesBefore('released')).toEqual(['pending']);
    expect(checkoutStatusesBefore('cancelled')).toEqual(['pending', 'released']);
    expect(checkoutStatusesBefore('pending')).toEqual([]);
  });

  it('says only a pending checkout holds stock to give back', () => {
    expect(CHECKOUT_STATUSES.filter(checkoutHoldsStock)).toEqual(['pending']);
  });
});
