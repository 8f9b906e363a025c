// Packing slip and shipping label, one page per order, in one PDF for a whole batch: A5 for an
// office printer or 4×6 inch for a thermal label printer (label settings). Text goes through
// lib/pdf-document.ts's line/paragraph, as on the invoice: Noto Sans, with Devanagari (a Hindi
// name or address) and the rupee sign drawn in Noto Sans Devanagari and shaped by PDFKit. The AWB
// is a Code 128 barcode (bwip-js) couriers' scanners read.
import type { LabelFormat } from '@spice/shared/contracts/shipping';
import { formatRupees } from '@spice/shared/money';
import bwipjs from 'bwip-js/node';
import { createPdfDocument, line, type Pdf, paragraph, pdfBuffer } from '../../lib/pdf-document.ts';
import type { Parcel } from './courier.ts';

export interface LabelPage {
  parcel: Parcel;
  /** Null for a packing slip printed before the parcel has an AWB. */
  shipment: { courierName: string; awb: string } | null;
}

/** Who sends the parcel, and where the courier brings it back when it cannot be delivered. */
export interface LabelSender {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** Blank: back to the sender's address. */
  returnAddress: string;
}

/** Page size in points, margin and a text scale: 4×6 inch is 288 × 432 pt, about 0.7 of A5's width. */
const PAGES: Record<LabelFormat, { size: 'A5' | [number, number]; margin: number; scale: number }> = {
  A5: { size: 'A5', margin: 28, scale: 1 },
  '4x6': { size: [288, 432], margin: 12, scale: 0.72 },
};

async function barcode(awb: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text: awb, scale: 3, height: 14, includetext: false });
}

export async function renderLabels(
  pages: readonly LabelPage[],
  from: LabelSender,
  format: LabelFormat = 'A5',
): Promise<Buffer> {
  const page = PAGES[format];
  const doc = createPdfDocument(
    { title: 'Shipping labels' },
    { size: page.size, margin: page.margin, autoFirstPage: false },
  );
  const codes = await Promise.all(pages.map((p) => (p.shipment ? barcode(p.shipment.awb) : null)));
  for (const [i, p] of pages.entries()) drawPage(doc, p, codes[i] ?? null, from, page.scale);
  return pdfBuffer(doc);
}

function rule(doc: Pdf, left: number, width: number, y: number) {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.6)
    .strokeColor('#000000')
    .stroke();
}

function drawPage(
  doc: Pdf,
  { parcel, shipment }: LabelPage,
  code: Buffer | null,
  from: LabelSender,
  k: number,
) {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const maxY = doc.page.height - doc.page.margins.bottom;
  const size = (pt: number) => Math.round(pt * k * 10) / 10;
  const gap = (pt: number) => pt * k;
  let y = doc.page.margins.top;

  line(doc, `Order ${parcel.orderNumber}`, left, y, { weight: 'bold', size: size(14) });
  y += gap(20);

  line(doc, 'SHIP TO', left, y, { weight: 'bold', size: size(9) });
  y += gap(13);
  y = paragraph(doc, parcel.customer.name, left, y, { width, weight: 'bold', size: size(12) });
  y = paragraph(doc, parcel.address.line, left, y, { width, size: size(10) });
  const place = [parcel.address.city, parcel.address.state].filter(Boolean).join(', ');
  if (place) y = paragraph(doc, place, left, y, { width, size: size(10) });
  line(doc, `PIN ${parcel.address.pincode}`, left, y, { weight: 'bold', size: size(14) });
  y += gap(20);
  line(doc, `Phone ${parcel.customer.phone}`, left, y, { size: size(10) });
  y += gap(16);
  rule(doc, left, width, y);
  y += gap(6);

  if (shipment && code) {
    line(doc, `${shipment.courierName} · AWB ${shipment.awb}`, left, y, { weight: 'bold', size: size(10) });
    y += gap(14);
    const height = gap(52);
    doc.image(code, left, y, { fit: [width, height], align: 'center' });
    y += height + gap(6);
  } else {
    line(doc, 'AWB not assigned yet: packing slip only', left, y, { weight: 'bold', size: size(10) });
    y += gap(16);
  }

  if (parcel.cod) {
    line(doc, `CASH ON DELIVERY: COLLECT ${formatRupees(parcel.codAmountPaise)}`, left, y, {
      weight: 'bold',
      size: size(13),
    });
  } else {
    line(doc, 'PREPAID: do not collect cash', left, y, { weight: 'bold', size: size(12) });
  }
  y += gap(18);
  line(doc, `Weight ${(parcel.weightGrams / 1000).toFixed(2)} kg`, left, y, { size: size(9) });
  y += gap(14);
  rule(doc, left, width, y);
  y += gap(6);

  // Sender and return address side by side: every label says who sent it and where it goes back.
  const half = (width - gap(12)) / 2;
  const right = left + half + gap(12);
  const senderLines = [from.name, from.address, from.phone ? `Phone ${from.phone}` : from.email]
    .filter(Boolean)
    .join('\n');
  const returnLines = from.returnAddress
    ? from.returnAddress
    : [from.name, from.address].filter(Boolean).join('\n');
  line(doc, 'FROM', left, y, { weight: 'bold', size: size(8) });
  line(doc, 'RETURN TO IF UNDELIVERED', right, y, { weight: 'bold', size: size(8) });
  y += gap(11);
  const afterSender = paragraph(doc, senderLines, left, y, { width: half, size: size(8) });
  const afterReturn = paragraph(doc, returnLines, right, y, { width: half, size: size(8) });
  y = Math.max(afterSender, afterReturn) + gap(2);
  rule(doc, left, width, y);
  y += gap(6);

  line(doc, 'PACKING SLIP', left, y, { weight: 'bold', size: size(10) });
  y += gap(14);
  const qtyWidth = gap(40);
  for (const [i, item] of parcel.items.entries()) {
    // One page per order: lines that would run off the page are counted, not printed.
    if (y > maxY - gap(24)) {
      line(doc, `… and ${parcel.items.length - i} more line(s)`, left, y, { size: size(9) });
      break;
    }
    // After a partial refund: '× 1 (of 3, 2 refunded)', so the packer packs only what is left.
    const qty =
      item.refunded > 0
        ? `× ${item.units} (of ${item.ordered}, ${item.refunded} refunded)`
        : `× ${item.units}`;
    const qtyBox = item.refunded > 0 ? qtyWidth + gap(110) : qtyWidth;
    line(doc, qty, left + width - qtyBox, y, { width: qtyBox, align: 'right', size: size(9) });
    y = paragraph(doc, item.name, left, y, { width: width - qtyBox - gap(10), size: size(9) });
    // Batch traceability (issue 39): which batches went in, for a recall.
    if (item.batches && item.batches.length > 0) {
      const text = item.batches
        .map((b) => `Batch ${b.batchNumber} × ${b.quantity} (best before ${b.bestBefore})`)
        .join(', ');
      y = paragraph(doc, text, left + gap(8), y, { width: width - qtyBox - gap(18), size: size(8) });
    }
  }
}
