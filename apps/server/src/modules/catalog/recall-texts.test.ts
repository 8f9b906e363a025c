import { describe, expect, it } from 'vitest';
import { stockAlertsMessage } from './batches.ts';
import { recallMessageText } from './recalls.ts';

const base = {
  storeName: 'Kesar Chakki',
  product: 'Garam Masala 100g',
  batches: ['GM-24-07'],
  orderNumber: 'KC261129-ABC123',
  reason: 'Ethylene oxide residue',
  link: 'https://shop.example/orders/KC261129-ABC123?recall=RC-00001',
};

describe('recallMessageText', () => {
  it.each([
    ['en', 'REFUND', 'Request a refund here'],
    ['en', 'REPLACEMENT', 'Request a replacement here'],
    ['en', 'BOTH', 'Request a refund or a replacement here'],
    ['hi', 'REFUND', 'रिफ़ंड के लिए'],
    ['hi', 'BOTH', 'रिफ़ंड या बदले में नया पैक के लिए'],
  ] as const)('in %s, offering %s, says %s with what, why and the link', (lang, action, offer) => {
    const { subject, text } = recallMessageText({ ...base, lang, action });
    expect(text).toContain(offer);
    expect(text).toContain('GM-24-07');
    expect(text).toContain('Ethylene oxide residue');
    expect(text).toContain(base.link);
    expect(subject).toContain(base.orderNumber);
  });
});

describe('stockAlertsMessage', () => {
  it('says nothing when there is nothing to say, and lists both kinds otherwise', () => {
    expect(stockAlertsMessage({ nearExpiry: [], belowReorderLevel: [] })).toBeNull();
    const m = stockAlertsMessage({
      nearExpiry: [
        {
          variantId: 1,
          productName: 'Garam Masala',
          weight: '100g',
          batchNumber: 'A1',
          bestBefore: '2027-01-01',
          onHand: 4,
          daysToBestBefore: 33,
        },
      ],
      belowReorderLevel: [
        { variantId: 2, productName: 'Jeera', weight: '50g', sku: 'JR-50', stock: 3, reorderLevel: 10 },
      ],
    })!;
    expect(m.subject).toBe('Stock alerts: 1 near expiry, 1 to reorder');
    expect(m.text).toContain('batch A1: 4 on hand, best before 2027-01-01 (33 days)');
    expect(m.text).toContain('Jeera 50g (JR-50): 3 sellable, reorder at 10');
  });
});
