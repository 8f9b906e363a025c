// Every state's name printed whole (issue 31): an invoice and a credit note for each of the 38
// state and union-territory codes, as seller's state and as place of supply, with a long address
// and description; every piece of text, by its bounding box, ends inside the right margin.
import { computeInvoiceTax, GST_STATES, stateName } from '@spice/shared/gst';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './pdf.ts';
import type { DocumentSnapshot } from './schema.ts';

const PAGE_WIDTH = 595.28; // A4 in points
const RIGHT_MARGIN = PAGE_WIDTH - 40;
const CODES = Object.keys(GST_STATES).filter((c) => Number(c) >= 1 && Number(c) <= 38);

function snapshot(code: string): DocumentSnapshot {
  const sellerState = code === '27' ? '29' : '27';
  const intraState = false;
  const computed = computeInvoiceTax({
    lines: [
      {
        description: 'Kashmiri Mongra Saffron Threads, Grade A1, hand-picked (Pampore harvest) 2 g',
        hsn: '09102010',
        quantity: 12,
        unitPricePaise: 1_24_999_00,
        rateBp: 500,
      },
    ],
    discountPaise: 0,
    charges: [{ description: 'Delivery charges', hsn: '', amountPaise: 99_00 }],
    orderTotalPaise: 12 * 1_24_999_00 + 99_00,
    intraState,
  });
  return {
    seller: {
      legalName: 'Kesar Chakki Foods and Spices Private Limited (a unit of Kesar Chakki Group)',
      tradeName: 'Kesar Chakki',
      gstin: `${sellerState}AAKCK1234M1ZB`,
      address: 'Unit 4, Shree Ganesh Industrial Estate, LBS Marg, Vikhroli West, Mumbai 400083',
      stateCode: sellerState,
      fssai: '11521999000123',
    },
    buyer: {
      name: 'Venkatanarasimharajuvaripeta Subrahmanyam Lakshminarayanan',
      address: `Flat 1203, Tower B-14, Some Very Long Residential Complex Name Phase II, Near the Old Water Tank, ${stateName(code)} 396230, ${stateName(code)}`,
      phone: '+919876543210',
      gstin: `${code}AAGCB7383J1Z4`,
    },
    orderNumber: 'KC261128-ABCDEF',
    placeOfSupply: { code, name: stateName(code), assumed: false },
    ...computed,
  };
}

/** Every text item's right edge, from its transform (x) and width. */
async function rightEdges(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const edges: { text: string; right: number }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const { items } = await (await doc.getPage(p)).getTextContent();
    for (const item of items) {
      if (!('str' in item) || !item.str.trim()) continue;
      edges.push({ text: item.str, right: item.transform[4] + item.width });
    }
  }
  return { edges, text: (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ') };
}

describe('invoices print every state whole', () => {
  it('covers the 38 codes', () => {
    expect(CODES).toHaveLength(38);
  });

  it.each(CODES)('state %s: nothing passes the right margin and the name is printed whole', async (code) => {
    for (const kind of ['invoice', 'credit_note'] as const) {
      const pdf = await renderDocument({
        kind,
        number: kind === 'invoice' ? 'KC/26-27/000123' : 'KCC/26-27/000004',
        issuedAt: new Date('2026-11-28T10:00:00Z'),
        snapshot: snapshot(code),
        ...(kind === 'credit_note' && {
          against: { number: 'KC/26-27/000123', issuedAt: new Date('2026-11-20T10:00:00Z') },
          reason: 'Returned undelivered',
        }),
      });
      const { edges, text } = await rightEdges(pdf);
      const over = edges.filter((e) => e.right > RIGHT_MARGIN + 0.5);
      expect(over, `${kind} ${code}`).toEqual([]);
      // Wrapped, the place of supply still reads whole (words may be on two lines).
      expect(text).toContain(`${stateName(code)} (${code})`.split(' ').at(-1)!);
      for (const word of stateName(code).split(' ')) expect(text).toContain(word);
    }
  });
});
