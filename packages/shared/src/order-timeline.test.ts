import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { orderTimeline, TIMELINE_STEPS } from './order-timeline.ts';

const T = (h: number) => `2026-11-2${h}T10:00:00.000Z`;
const estimate = { from: '2026-12-02', to: '2026-12-04' };

describe('orderTimeline', () => {
  it('shows a new order every step to come, with the day delivery is expected', () => {
    const steps = orderTimeline({
      status: 'PLACED',
      history: [{ status: 'PLACED', at: T(1) }],
      trackingEvents: [],
      estimatedDelivery: estimate,
    });
    expect(steps).toEqual([
      { key: 'PLACED', state: 'current', at: T(1) },
      { key: 'CONFIRMED', state: 'upcoming', at: null },
      { key: 'PACKED', state: 'upcoming', at: null },
      { key: 'SHIPPED', state: 'upcoming', at: null },
      { key: 'OUT_FOR_DELIVERY', state: 'upcoming', at: null },
      { key: 'DELIVERED', state: 'upcoming', at: null, expected: '2026-12-04' },
    ]);
  });

  it('takes out for delivery from the courier, and marks it passed on a delivered order without it', () => {
    const shipped = orderTimeline({
      status: 'SHIPPED',
      history: [
        { status: 'PLACED', at: T(1) },
        { status: 'CONFIRMED', at: T(2) },
        { status: 'PACKED', at: T(3) },
        { status: 'SHIPPED', at: T(4) },
      ],
      trackingEvents: [
        { status: 'IN TRANSIT', at: T(5) },
        { status: 'Out_for-delivery', at: T(6) },
      ],
      estimatedDelivery: estimate,
    });
    expect(shipped.at(-2)).toEqual({ key: 'OUT_FOR_DELIVERY', state: 'current', at: T(6) });
    expect(shipped.at(-1)).toEqual({ key: 'DELIVERED', state: 'upcoming', at: null, expected: '2026-12-04' });

    const delivered = orderTimeline({
      status: 'DELIVERED',
      history: [
        { status: 'PLACED', at: T(1) },
        { status: 'SHIPPED', at: T(4) },
        { status: 'DELIVERED', at: T(7) },
      ],
      trackingEvents: [],
      estimatedDelivery: estimate,
    });
    expect(delivered.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'current']);
    expect(delivered.at(-1)).toEqual({ key: 'DELIVERED', state: 'current', at: T(7) });
  });

  it('ends a cancelled order where it stopped', () => {
    const steps = orderTimeline({
      status: 'CANCELLED',
      history: [
        { status: 'PLACED', at: T(1) },
        { status: 'CONFIRMED', at: T(2) },
        { status: 'CANCELLED', at: T(3) },
      ],
      trackingEvents: [],
      estimatedDelivery: estimate,
    });
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['PLACED', 'done'],
      ['CONFIRMED', 'done'],
      ['CANCELLED', 'current'],
    ]);
  });

  it('always has one current step, reached steps before upcoming ones, and an expected day only before delivery', () => {
    const status = fc.constantFrom<OrderStatus>(...ORDER_STATUSES);
    fc.assert(
      fc.property(status, fc.boolean(), fc.boolean(), (s, ofd, known) => {
        const history = [{ status: 'PLACED' as OrderStatus, at: T(1) }];
        if (s !== 'PLACED') history.push({ status: s, at: T(2) });
        const steps = orderTimeline({
          status: s,
          history,
          trackingEvents: ofd ? [{ status: 'OUT FOR DELIVERY', at: T(3) }] : [],
          estimatedDelivery: known ? estimate : null,
        });
        expect(steps.filter((x) => x.state === 'current')).toHaveLength(1);
        const states = steps.map((x) => (x.state === 'upcoming' ? 1 : 0));
        expect(states).toEqual([...states].sort());
        const expected = steps.filter((x) => x.expected);
        if (s === 'DELIVERED' || s === 'CANCELLED' || s === 'RTO' || !known) expect(expected).toEqual([]);
        else expect(expected.map((x) => x.key)).toEqual(['DELIVERED']);
        if (s !== 'CANCELLED' && s !== 'RTO') expect(steps.map((x) => x.key)).toEqual([...TIMELINE_STEPS]);
      }),
    );
  });
});
