// GSTR-1's pure rules (decision 0030): which table a document goes to, B2C (Others) and HSN net
// of credit notes (several partial ones per invoice), and the series summary.
import { computeInvoiceTax, type TaxedRow } from '@spice/shared/gst';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeGstr1,
  creditNoteTable,
  DEFAULT_B2CL_THRESHOLD_PAISE,
  type FiledCreditNote,
  type FiledInvoice,
  invoiceTable,
} from './gstr1.ts';
import { gstr1Csv, gstr1Json } from './gstr1-files.ts';
import type { DocumentSnapshot } from './schema.ts';

const LAKH = DEFAULT_B2CL_THRESHOLD_PAISE;
const at = new Date('2026-11-10T06:00:00Z');

/** An invoice's snapshot: `lines` of [unit price, quantity, rate bp, hsn], delivered to `pos`. */
function snapshot(
  pos: string,
  lines: [number, number, number, string][],
  deliveryPaise = 0,
): DocumentSnapshot {
  const total = lines.reduce((a, [p, q]) => a + p * q, 0) + deliveryPaise;
  const computed = computeInvoiceTax({
    lines: lines.map(([unitPricePaise, quantity, rateBp, hsn]) => ({
      description: 'Spice',
      hsn,
      quantity,
      unitPricePaise,
      rateBp,
    })),
    discountPaise: 0,
    charges: [{ description: 'Delivery charges', hsn: '', amountPaise: deliveryPaise }],
    orderTotalPaise: total,
    intraState: pos === '27',
  });
  return {
    seller: {
      legalName: 'K',
      tradeName: '',
      gstin: '27AAKCK1234M1ZB',
      address: '',
      stateCode: '27',
      fssai: '',
    },
    buyer: { name: 'Asha', address: '', phone: '', gstin: null },
    orderNumber: 'KC1',
    placeOfSupply: { code: pos, name: pos, assumed: false },
    ...computed,
  };
}

/** A credit note for some of an invoice's rows (goods first, then charges), as issued per refund. */
function creditFor(s: DocumentSnapshot, goods: TaxedRow[], charges: TaxedRow[] = []): DocumentSnapshot {
  const rows = [...goods, ...charges];
  const sum = (pick: (r: TaxedRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
  return {
    ...s,
    goods,
    charges,
    taxablePaise: sum((r) => r.taxablePaise),
    cgstPaise: sum((r) => r.cgstPaise),
    sgstPaise: sum((r) => r.sgstPaise),
    igstPaise: sum((r) => r.igstPaise),
    roundOffPaise: 0,
    grandTotalPaise: sum((r) => r.totalPaise),
  };
}

let seq = 0;
const invoice = (s: DocumentSnapshot, buyerGstin: string | null = null): FiledInvoice => {
  seq++;
  return { number: `KC/26-27/${String(seq).padStart(6, '0')}`, seq, issuedAt: at, buyerGstin, snapshot: s };
};
const note = (inv: FiledInvoice, s: DocumentSnapshot, n: number): FiledCreditNote => ({
  number: `KCC/26-27/${String(n).padStart(6, '0')}`,
  seq: n,
  issuedAt: at,
  snapshot: s,
  invoice: inv,
});

describe('table of an invoice', () => {
  it.each([
    ['a buyer with a GSTIN', '29', 5 * LAKH, '29AAGCB7383J1Z4', 'b2b'],
    ['another state, above ₹1,00,000', '29', LAKH + 1, null, 'b2cl'],
    ['another state, exactly ₹1,00,000', '29', LAKH, null, 'b2cs'],
    ['within the state, above ₹1,00,000', '27', 3 * LAKH, null, 'b2cs'],
    ['another state, small', '29', 49_900, null, 'b2cs'],
  ])('%s → %s', (_, pos, total, gstin, table) => {
    const s = snapshot(pos, [[total, 1, 500, '0910']]);
    expect(invoiceTable({ buyerGstin: gstin, snapshot: s }, LAKH)).toBe(table);
  });

  it('follows the setting: a higher limit keeps a large inter-state sale in B2CS', () => {
    const s = snapshot('29', [[2 * LAKH, 1, 500, '0910']]);
    expect(invoiceTable({ buyerGstin: null, snapshot: s }, 2.5 * LAKH)).toBe('b2cs');
  });

  it("puts a credit note in its invoice's table's note table", () => {
    const big = invoice(snapshot('29', [[3 * LAKH, 1, 500, '0910']]));
    const b2b = invoice(snapshot('29', [[500_00, 1, 500, '0910']]), '29AAGCB7383J1Z4');
    const small = invoice(snapshot('29', [[500_00, 1, 500, '0910']]));
    expect(creditNoteTable(note(big, big.snapshot, 1), LAKH)).toBe('cdnur');
    expect(creditNoteTable(note(b2b, b2b.snapshot, 2), LAKH)).toBe('cdnr');
    expect(creditNoteTable(note(small, small.snapshot, 3), LAKH)).toBe('b2cs');
  });
});

describe('the month', () => {
  it('files a ₹2,79,985 invoice to Karnataka in B2CL and not in B2CS, its credit note in CDNUR', () => {
    const big = invoice(snapshot('29', [[2_79_985_00, 1, 500, '0910']]));
    const small = invoice(snapshot('29', [[1_000_00, 2, 500, '091091']], 49_00));
    const g = computeGstr1([big, small], [note(big, creditFor(big.snapshot, big.snapshot.goods), 1)], LAKH);
    expect(g.b2cl.map((d) => [d.number, d.valuePaise])).toEqual([[big.number, 2_79_985_00]]);
    expect(g.b2cs).toEqual([{ pos: '29', intraState: false, rateBp: 500, ...heads(small.snapshot) }]);
    expect(g.cdnur.map((d) => d.number)).toEqual(['KCC/26-27/000001']);
    expect(g.b2b).toEqual([]);
    expect(g.cdnr).toEqual([]);
  });

  it('nets two partial credit notes of a B2CS invoice in B2CS and HSN, by what each credits', () => {
    const inv = invoice(
      snapshot(
        '29',
        [
          [200_00, 3, 500, '091030'],
          [150_00, 2, 1200, '0910'],
        ],
        49_00,
      ),
    );
    const [turmeric, masala] = inv.snapshot.goods as [TaxedRow, TaxedRow];
    // First refund: one of three turmeric packs (its row, a third of it); second: the masala and delivery.
    const third = { ...turmeric, quantity: 1, totalPaise: 200_00, ...split(200_00, 500) };
    const first = note(inv, creditFor(inv.snapshot, [third]), 1);
    const second = note(inv, creditFor(inv.snapshot, [masala], inv.snapshot.charges), 2);
    const g = computeGstr1([inv], [first, second], LAKH);
    const hsn = Object.fromEntries(g.hsnB2c.map((r) => [r.hsn, r]));
    expect(hsn['091030']).toMatchObject({
      quantity: 2,
      taxable: turmeric.taxablePaise - third.taxablePaise,
      igst: turmeric.igstPaise - third.igstPaise,
    });
    expect(hsn['091030']!.entry.description).toBe('Turmeric (curcuma)');
    // The masala line and the delivery charged at its rate were credited in full: nothing is left.
    expect(g.b2cs.map((r) => r.rateBp)).toEqual([500]);
    expect(g.hsnB2c.map((r) => r.hsn)).toEqual(['091030']);
    const left = g.b2cs[0]!;
    expect(left.taxable).toBe(turmeric.taxablePaise - third.taxablePaise);
  });

  it('lists invoices and credit notes as their own series; an invoice with a credit note is not cancelled', () => {
    const a = invoice(snapshot('27', [[100_00, 1, 500, '0910']]));
    const b = invoice(snapshot('27', [[100_00, 1, 500, '0910']]));
    const g = computeGstr1([a, b], [note(a, a.snapshot, 7)], LAKH);
    expect(g.docs).toEqual([
      { nature: 'Invoices for outward supply', from: a.number, to: b.number, total: 2, cancelled: 0 },
      { nature: 'Credit Note', from: 'KCC/26-27/000007', to: 'KCC/26-27/000007', total: 1, cancelled: 0 },
    ]);
    const csv = gstr1Csv(g, 'docs');
    expect(csv).toContain(`Invoices for outward supply,${a.number},${b.number},2,0`);
    expect(gstr1Json(g, { gstin: 'X' }, '112026').doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: a.number, to: b.number, totnum: 2, cancel: 0, net_issue: 2 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [
          { num: 1, from: 'KCC/26-27/000007', to: 'KCC/26-27/000007', totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
    ]);
  });

  it('counts a number missing from a range as cancelled, and a new prefix as a new series', () => {
    const one = { ...invoice(snapshot('27', [[100_00, 1, 500, '0910']])), seq: 1, number: 'KC/26-27/000001' };
    const three = { ...one, seq: 3, number: 'KC/26-27/000003' };
    const four = { ...one, seq: 4, number: 'Q/26-27/000004' };
    expect(computeGstr1([one, three, four], [], LAKH).docs).toEqual([
      { nature: 'Invoices for outward supply', from: one.number, to: three.number, total: 3, cancelled: 1 },
      { nature: 'Invoices for outward supply', from: four.number, to: four.number, total: 1, cancelled: 0 },
    ]);
  });

  it('ties out for any invoices and partial credit notes: tables and HSN both equal invoiced less credited', () => {
    const line = fc.tuple(
      fc.integer({ min: 1_00, max: 2_00_000_00 }),
      fc.integer({ min: 1, max: 5 }),
      fc.constantFrom(0, 500, 1200, 1800),
      fc.constantFrom('0910', '091030', '2103'),
    );
    const doc = fc.record({
      pos: fc.constantFrom('27', '29', '26'),
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      delivery: fc.constantFrom(0, 49_00),
      gstin: fc.boolean(),
      credited: fc.array(fc.boolean(), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 6 }), (docs) => {
        const invoices: FiledInvoice[] = [];
        const notes: FiledCreditNote[] = [];
        for (const d of docs) {
          const inv = invoice(snapshot(d.pos, d.lines, d.delivery), d.gstin ? '29AAGCB7383J1Z4' : null);
          invoices.push(inv);
          // One credit note per refunded goods row: several partial notes per invoice.
          inv.snapshot.goods.forEach((row, i) => {
            if (d.credited[i]) notes.push(note(inv, creditFor(inv.snapshot, [row]), notes.length + 1));
          });
        }
        const g = computeGstr1(invoices, notes, LAKH);
        const taxable = (xs: { taxable: number }[]) => xs.reduce((a, x) => a + x.taxable, 0);
        const docsTaxable = (xs: { rates: { taxable: number }[] }[]) => taxable(xs.flatMap((x) => x.rates));
        const expected =
          invoices.reduce((a, i) => a + i.snapshot.taxablePaise, 0) -
          notes.reduce((a, n) => a + n.snapshot.taxablePaise, 0);
        const tables =
          docsTaxable(g.b2b) +
          docsTaxable(g.b2cl) +
          taxable(g.b2cs) -
          docsTaxable(g.cdnr) -
          docsTaxable(g.cdnur);
        return tables === expected && taxable([...g.hsnB2b, ...g.hsnB2c]) === expected;
      }),
    );
  });
});

function split(amount: number, rateBp: number) {
  const igst = Math.floor((2 * amount * rateBp + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
  return { taxablePaise: amount - igst, igstPaise: igst, cgstPaise: 0, sgstPaise: 0 };
}

function heads(s: DocumentSnapshot) {
  return { taxable: s.taxablePaise, igst: s.igstPaise, cgst: s.cgstPaise, sgst: s.sgstPaise };
}

describe("the portal's JSON", () => {
  it('uses the offline tool field names, rupees, state codes and dd-mm-yyyy dates', () => {
    const big = invoice(snapshot('29', [[2_00_000_00, 1, 500, '091030']]));
    const local = invoice(snapshot('27', [[1_050_00, 1, 500, '091030']]));
    const g = computeGstr1([big, local], [note(big, creditFor(big.snapshot, big.snapshot.goods), 9)], LAKH);
    const json = gstr1Json(g, { gstin: '27AAKCK1234M1ZB' }, '112026');
    const igst = big.snapshot.igstPaise / 100;
    const txval = big.snapshot.taxablePaise / 100;
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: big.number,
            idt: '10-11-2026',
            val: 200000,
            itms: [{ num: 1, itm_det: { rt: 5, txval, iamt: igst, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'KCC/26-27/000009',
        nt_dt: '10-11-2026',
        val: 200000,
        pos: '29',
        itms: [{ num: 1, itm_det: { rt: 5, txval, iamt: igst, csamt: 0 } }],
      },
    ]);
    expect(json.b2cs).toEqual([
      {
        sply_ty: 'INTRA',
        pos: '27',
        typ: 'OE',
        rt: 5,
        txval: local.snapshot.taxablePaise / 100,
        camt: local.snapshot.cgstPaise / 100,
        samt: local.snapshot.sgstPaise / 100,
        csamt: 0,
      },
    ]);
    expect(json.hsn.hsn_b2c).toEqual([
      {
        num: 1,
        hsn_sc: '091030',
        desc: 'Turmeric (curcuma)',
        uqc: 'PAC',
        qty: 1,
        rt: 5,
        txval: local.snapshot.taxablePaise / 100,
        iamt: 0,
        camt: local.snapshot.cgstPaise / 100,
        samt: local.snapshot.sgstPaise / 100,
        csamt: 0,
      },
    ]);
  });
});
