import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressChangeRefusal,
  confirmByOf,
  holdsDispatch,
  linkUsable,
  reminderAtOf,
} from './cod-confirmation.ts';
import { ORDER_STATUSES } from './order-status.ts';

const placed = new Date('2026-11-28T10:00:00Z');

describe('COD confirmation rules', () => {
  it.each([
    [1, '2026-11-28T11:00:00.000Z', '2026-11-28T10:30:00.000Z'],
    [24, '2026-11-29T10:00:00.000Z', '2026-11-28T22:00:00.000Z'],
    [72, '2026-12-01T10:00:00.000Z', '2026-11-29T22:00:00.000Z'],
  ])('%i hours: confirm by %s, reminder at %s', (hours, by, reminder) => {
    const confirmBy = confirmByOf(placed, hours);
    expect(confirmBy.toISOString()).toBe(by);
    expect(reminderAtOf(placed, confirmBy).toISOString()).toBe(reminder);
  });

  it.each([
    ['PENDING', 'CONFIRMED', true],
    ['PENDING', 'PACKED', true],
    ['PENDING', 'SHIPPED', true],
    ['PENDING', 'CANCELLED', false],
    ['CONFIRMED', 'PACKED', false],
    ['NOT_REQUIRED', 'SHIPPED', false],
    ['EXPIRED', 'CONFIRMED', false],
  ] as const)('%s order moved to %s held: %s', (state, to, held) => {
    expect(holdsDispatch(state, to)).toBe(held);
  });

  it('a link works until confirmBy, never for a cancelled order or an expired confirmation', () => {
    const c = { status: 'PENDING' as const, confirmBy: confirmByOf(placed, 24) };
    expect(linkUsable(c, 'PLACED', new Date('2026-11-29T09:59:59Z'))).toBe(true);
    expect(linkUsable(c, 'PLACED', new Date('2026-11-29T10:00:00Z'))).toBe(false);
    expect(linkUsable(c, 'CANCELLED', placed)).toBe(false);
    expect(linkUsable({ ...c, status: 'EXPIRED' }, 'PLACED', placed)).toBe(false);
    expect(linkUsable({ ...c, status: 'CONFIRMED' }, 'PACKED', placed)).toBe(true);
  });

  it('the address can change until the order is packed', () => {
    expect(addressChangeRefusal('PLACED')).toBeNull();
    expect(addressChangeRefusal('CONFIRMED')).toBeNull();
    expect(addressChangeRefusal('PACKED')).toMatch(/packed/);
  });

  it('the reminder always falls inside the window, the deadline after placing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 72 }), fc.integer({ min: 0, max: 2e12 }), (hours, t) => {
        const at = new Date(t);
        const by = confirmByOf(at, hours);
        const reminder = reminderAtOf(at, by);
        expect(reminder.getTime()).toBeGreaterThan(at.getTime());
        expect(reminder.getTime()).toBeLessThan(by.getTime());
      }),
    );
  });

  it('only a pending confirmation holds dispatch, and never a cancel', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (to) => {
        expect(holdsDispatch('CONFIRMED', to)).toBe(false);
        expect(holdsDispatch('PENDING', to)).toBe(to !== 'CANCELLED' && to !== 'PLACED');
      }),
    );
  });
});
