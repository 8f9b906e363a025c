// Every alert has its words in English and in Hindi, names what it is about and links to the
// back office where it is acted on.
import { describe, expect, it } from 'vitest';
import { type AlertFacts, type AlertOrder, LIST_MAX, renderAlert } from './messages.ts';

const order: AlertOrder = {
  orderNumber: 'KC-2612-0042',
  totalPaise: 54_950,
  paymentMode: 'COD',
  customerName: 'Asha Rao',
  place: 'Karnataka',
};

const cases: [AlertFacts, string, string][] = [
  [{ kind: 'new_order', order }, 'KC-2612-0042', '/admin/orders/KC-2612-0042'],
  [
    { kind: 'new_order_digest', from: '2026-12-01T17:30:00.000Z', to: '2026-12-01T17:45:00.000Z' },
    'KC-2612-0042',
    '/admin/orders',
  ],
  [
    {
      kind: 'low_stock',
      variants: [
        {
          variantId: 1,
          productName: 'Garam Masala',
          productNameHi: 'गरम मसाला',
          weight: '100g',
          sku: 'GM-100',
          stock: 3,
          reorderLevel: 10,
        },
      ],
    },
    'GM-100',
    '/admin/stock',
  ],
  [
    {
      kind: 'payment',
      what: 'refund_pending',
      id: 'pay_1',
      amountPaise: 10_000,
      orderNumber: null,
      reason: 'sold_out',
    },
    'pay_1',
    '/admin/payments',
  ],
  [
    {
      kind: 'payment',
      what: 'refund_failed',
      id: 'rf_1',
      amountPaise: 10_000,
      orderNumber: 'KC-1',
      reason: 'bank',
    },
    'rf_1',
    '/admin/payments',
  ],
  [
    { kind: 'failed_job', jobId: 7, name: 'refund', attempts: 8, error: 'down' },
    '#7',
    '/admin/jobs?status=dead',
  ],
  [
    {
      kind: 'grievance',
      ticketNumber: 'GRV-26-000001',
      category: 'DELIVERY',
      stage: 'resolve',
      dueAt: '2026-12-03T08:30:00.000Z',
    },
    'GRV-26-000001',
    '/admin/grievances',
  ],
  [
    {
      kind: 'daily_summary',
      of: '2026-11-30',
      orders: 2,
      salesPaise: 120_000,
      codToConfirm: 1,
      toShip: 3,
      lowStock: 4,
    },
    '₹1,200',
    '/admin/orders',
  ],
];

describe('alert texts', () => {
  it.each(cases)('%o in English and Hindi', (facts, names, path) => {
    const en = renderAlert(facts, 'en', 'https://shop.example', [order])!;
    const hi = renderAlert(facts, 'hi', 'https://shop.example', [order])!;
    for (const r of [en, hi]) {
      expect(`${r.subject}\n${r.text}`).toContain(names);
      expect(r.text).toContain(`https://shop.example${path}`);
    }
    expect(hi.subject).not.toBe(en.subject);
    // The Hindi text is in Devanagari.
    expect(hi.text).toMatch(/[\u0900-\u097F]/);
    expect(en.text).not.toMatch(/[\u0900-\u097F]/);
  });

  it('a digest with no orders and a low-stock alert with no variants send nothing', () => {
    expect(
      renderAlert(
        { kind: 'new_order_digest', from: '2026-12-01T00:00:00Z', to: '2026-12-01T00:15:00Z' },
        'en',
        '',
      ),
    ).toBeNull();
    expect(renderAlert({ kind: 'low_stock', variants: [] }, 'hi', '')).toBeNull();
  });

  it('a digest names its window on an Indian clock', () => {
    const r = renderAlert(cases[1]![0], 'en', '', [order, { ...order, orderNumber: 'KC-2612-0043' }])!;
    expect(r.subject).toMatch(/^2 new orders, 23:00–23:15: ₹1,099/);
  });

  it('lists at most LIST_MAX lines and counts the rest', () => {
    const many = Array.from({ length: LIST_MAX + 3 }, (_, i) => ({ ...order, orderNumber: `KC-${i}` }));
    const en = renderAlert(cases[1]![0], 'en', '', many)!;
    expect(en.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(LIST_MAX);
    expect(en.text).toContain('…and 3 more');
    expect(renderAlert(cases[1]![0], 'hi', '', many)!.text).toContain('…और 3');
  });
});
