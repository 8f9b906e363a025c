// Renders a sample tax invoice (/tmp/sample-invoice.pdf) from made-up figures, for the README's
// picture: `node scripts/sample-invoice.ts && pdftoppm -png -r 80 -singlefile /tmp/sample-invoice.pdf docs/sample-invoice`.
import { writeFileSync } from 'node:fs';
import { computeInvoiceTax } from '@spice/shared/gst';
import { renderDocument } from '../apps/server/src/modules/invoices/pdf.ts';

const computed = computeInvoiceTax({
  lines: [
    { description: 'Garam Masala 100g', hsn: '0910', quantity: 2, unitPricePaise: 12_500, rateBp: 500 },
    {
      description: 'Kashmiri Red Chilli Powder 200g',
      hsn: '0904',
      quantity: 1,
      unitPricePaise: 14_900,
      rateBp: 500,
    },
    { description: 'Turmeric Powder 500g', hsn: '0910', quantity: 3, unitPricePaise: 18_000, rateBp: 500 },
  ],
  discountPaise: 5_000,
  charges: [
    { description: 'Delivery charges', hsn: '', amountPaise: 4_900 },
    { description: 'Platform fee', hsn: '', amountPaise: 900 },
  ],
  orderTotalPaise: 94_700,
  intraState: true,
});

const pdf = await renderDocument({
  kind: 'invoice',
  number: 'KC/26-27/000123',
  issuedAt: new Date('2026-11-23T10:30:00+05:30'),
  snapshot: {
    seller: {
      legalName: 'Kesar Chakki Foods Private Limited',
      tradeName: 'Kesar Chakki',
      gstin: '27AAKCK1234M1ZB',
      address: 'Unit 4, Shree Ganesh Industrial Estate, LBS Marg, Vikhroli West, Mumbai 400083',
      stateCode: '27',
      fssai: '11521999000123',
    },
    buyer: {
      name: 'Asha Rao (आशा राव)',
      address: '12, 4th Cross, Shivaji Nagar, Pune, Maharashtra, 411005',
      phone: '9876543210',
      gstin: null,
    },
    orderNumber: 'KC261123-QW483F',
    placeOfSupply: { code: '27', name: 'Maharashtra', assumed: false },
    ...computed,
  },
});
writeFileSync('/tmp/sample-invoice.pdf', pdf);
