// The printed tax invoice and credit note (CGST rules 46 and 53): drawn from the document's
// snapshot only, so a reprint years later shows what was issued.
import { amountInWords, formatRate, invoiceAmount, stateName, type TaxedRow } from '@spice/shared/gst';
import { createPdfDocument, line, type Pdf, paragraph, pdfBuffer } from '../../lib/pdf-document.ts';
import type { DocumentSnapshot } from './schema.ts';

export interface PrintedDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  snapshot: DocumentSnapshot;
  /** Of a credit note: the invoice it cancels. */
  against?: { number: string; issuedAt: Date };
  reason?: string;
}

const LEFT = 40;
const WIDTH = 515;

/** Made once (a formatter costs more to make than to use). */
const IST_DATE = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const istDate = (at: Date) => IST_DATE.format(at);

function columns(intraState: boolean) {
  const taxCols = intraState
    ? [
        { key: 'cgst', title: 'CGST', width: 45 },
        { key: 'sgst', title: 'SGST', width: 45 },
      ]
    : [{ key: 'igst', title: 'IGST', width: 90 }];
  return [
    { key: 'n', title: '#', width: 16 },
    { key: 'description', title: 'Description', width: 110 },
    { key: 'hsn', title: 'HSN/SAC', width: 40 },
    { key: 'qty', title: 'Qty', width: 24 },
    { key: 'unit', title: 'Unit price', width: 50 },
    { key: 'discount', title: 'Discount', width: 42 },
    { key: 'taxable', title: 'Taxable value', width: 58 },
    { key: 'rate', title: 'Rate', width: 28 },
    ...taxCols,
    { key: 'total', title: 'Total', width: 57 },
  ];
}

function cells(row: TaxedRow, n: number): Record<string, string> {
  return {
    n: String(n),
    description: row.description,
    hsn: row.hsn,
    qty: String(row.quantity),
    unit: invoiceAmount(row.unitPricePaise),
    discount: invoiceAmount(row.discountPaise),
    taxable: invoiceAmount(row.taxablePaise),
    rate: formatRate(row.rateBp),
    cgst: invoiceAmount(row.cgstPaise),
    sgst: invoiceAmount(row.sgstPaise),
    igst: invoiceAmount(row.igstPaise),
    total: invoiceAmount(row.totalPaise),
  };
}

function table(doc: Pdf, s: DocumentSnapshot, top: number): number {
  const cols = columns(s.intraState);
  let y = top;
  const drawRow = (values: Record<string, string>, weight: 'regular' | 'bold') => {
    let x = LEFT;
    let bottom = y + 11;
    for (const c of cols) {
      const align = ['n', 'description', 'hsn'].includes(c.key) ? 'left' : 'right';
      const text = values[c.key] ?? '';
      if (c.key === 'description') {
        bottom = Math.max(bottom, paragraph(doc, text, x + 2, y, { width: c.width - 4, weight, size: 8 }));
      } else line(doc, text, x + 2, y, { width: c.width - 4, align, weight, size: 8 });
      x += c.width;
    }
    y = bottom + 4;
    doc
      .moveTo(LEFT, y - 2)
      .lineTo(LEFT + WIDTH, y - 2)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
  };
  doc
    .rect(LEFT, y - 3, WIDTH, 16)
    .fill('#f1ece2')
    .fillColor('#000000');
  drawRow(Object.fromEntries(cols.map((c) => [c.key, c.title])), 'bold');
  // A credit note keeps its invoice's rows in place; the ones it does not credit are not printed.
  const printed = [...s.goods, ...s.charges].filter((r) => r.quantity > 0 || r.totalPaise !== 0);
  for (const [i, row] of printed.entries()) drawRow(cells(row, i + 1), 'regular');
  const totals: Record<string, string> = {
    description: 'Total',
    taxable: invoiceAmount(s.taxablePaise),
    cgst: invoiceAmount(s.cgstPaise),
    sgst: invoiceAmount(s.sgstPaise),
    igst: invoiceAmount(s.igstPaise),
    total: invoiceAmount(s.grandTotalPaise - s.roundOffPaise),
  };
  drawRow(totals, 'bold');
  return y;
}

export function renderDocument(d: PrintedDocument): Promise<Buffer> {
  const s = d.snapshot;
  const credit = d.kind === 'credit_note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  const doc = createPdfDocument({
    title: `${title} ${d.number}`,
    author: s.seller.legalName,
    createdAt: d.issuedAt,
  });

  line(doc, title, LEFT, 40, { width: WIDTH, align: 'center', weight: 'bold', size: 16 });
  line(doc, 'Original for recipient', LEFT, 62, { width: WIDTH, align: 'center', size: 8 });

  // Seller (left) and document details (right).
  let y = 84;
  y = paragraph(doc, s.seller.legalName, LEFT, y, { width: 280, weight: 'bold', size: 11 });
  y = paragraph(doc, `Trade name: ${s.seller.tradeName || s.seller.legalName}`, LEFT, y, { width: 280 });
  y = paragraph(doc, s.seller.address, LEFT, y, { width: 280 });
  y = paragraph(
    doc,
    `State: ${stateName(s.seller.stateCode)} (${s.seller.stateCode})\nGSTIN: ${s.seller.gstin}${s.seller.fssai ? `\nFSSAI Lic. No.: ${s.seller.fssai}` : ''}`,
    LEFT,
    y,
    { width: 280 },
  );
  const right = LEFT + 300;
  let ry = 84;
  // Values wrap within the column up to the right margin: 'Dadra and Nagar Haveli and Daman and
  // Diu (26)' takes two lines.
  const detail = (label: string, value: string) => {
    line(doc, label, right, ry, { weight: 'bold' });
    ry = Math.max(ry + 13, paragraph(doc, value, right + 90, ry, { width: LEFT + WIDTH - right - 90 }) + 1);
  };
  detail(credit ? 'Credit note no.' : 'Invoice no.', d.number);
  detail(credit ? 'Credit note date' : 'Invoice date', istDate(d.issuedAt));
  if (d.against) {
    detail('Against invoice', d.against.number);
    detail('Invoice date', istDate(d.against.issuedAt));
  }
  if (d.reason) detail('Reason', d.reason);
  detail('Order number', s.orderNumber);
  detail('Place of Supply', `${s.placeOfSupply.name} (${s.placeOfSupply.code})`);

  y = Math.max(y, ry) + 10;
  line(doc, 'Bill to / Ship to', LEFT, y, { weight: 'bold' });
  y = paragraph(
    doc,
    `${s.buyer.name}\n${s.buyer.address}\nPhone: ${s.buyer.phone}${s.buyer.gstin ? `\nGSTIN: ${s.buyer.gstin}` : ''}`,
    LEFT,
    y + 13,
    { width: WIDTH, gap: 8 },
  );

  y = table(doc, s, y + 4) + 8;
  const summary = (label: string, value: string, weight: 'regular' | 'bold' = 'regular') => {
    line(doc, label, LEFT + 260, y, { weight });
    line(doc, value, LEFT + 400, y, { width: 115, align: 'right', weight });
    y += 13;
  };
  summary('Taxable value', `₹${invoiceAmount(s.taxablePaise)}`);
  if (s.intraState) {
    summary('CGST', `₹${invoiceAmount(s.cgstPaise)}`);
    summary('SGST', `₹${invoiceAmount(s.sgstPaise)}`);
  } else summary('IGST', `₹${invoiceAmount(s.igstPaise)}`);
  summary('Round off', `₹${invoiceAmount(s.roundOffPaise)}`);
  summary(credit ? 'Credit note total' : 'Grand total', `₹${invoiceAmount(s.grandTotalPaise)}`, 'bold');
  y += 4;
  y = paragraph(doc, `Amount in words: ${amountInWords(s.grandTotalPaise)}`, LEFT, y, {
    width: WIDTH,
    gap: 4,
  });
  y = paragraph(doc, 'Whether tax is payable on reverse charge: No', LEFT, y, { width: WIDTH, gap: 4 });
  y = paragraph(
    doc,
    'Prices are inclusive of GST. Delivery and fees are part of a composite supply, taxed at the rate of the principal supply.',
    LEFT,
    y,
    { width: WIDTH, size: 7.5, gap: 18 },
  );
  line(doc, `For ${s.seller.legalName}`, LEFT, y, { width: WIDTH, align: 'right', weight: 'bold' });
  line(doc, 'Authorised signatory (computer-generated document, no signature required)', LEFT, y + 14, {
    width: WIDTH,
    align: 'right',
    size: 7.5,
  });
  return pdfBuffer(doc);
}
