// Packing slip and shipping label, one A5 page per order, in one PDF for a whole batch. Text in
// Noto Sans (lib/pdf-document.ts): its Latin files lack the rupee sign, so '₹' is drawn from its
// Devanagari file. The AWB is a Code 128 barcode (bwip-js) couriers' scanners read.
import { formatRupees } from '@spice/shared/money';
import bwipjs from 'bwip-js/node';
import { createPdfDocument, pdfBuffer } from '../../lib/pdf-document.ts';
import type { Parcel } from './courier.ts';

export interface LabelPage {
  parcel: Parcel;
  /** Null for a packing slip printed before the parcel has an AWB. */
  shipment: { courierName: string; awb: string } | null;
}

export interface LabelSender {
  name: string;
  email: string;
}

async function barcode(awb: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text: awb, scale: 3, height: 14, includetext: false });
}

export async function renderLabels(pages: readonly LabelPage[], from: LabelSender): Promise<Buffer> {
  const doc = createPdfDocument(
    { title: 'Shipping labels' },
    { size: 'A5', margin: 28, autoFirstPage: false },
  );
  const codes = await Promise.all(pages.map((p) => (p.shipment ? barcode(p.shipment.awb) : null)));
  for (const [i, page] of pages.entries()) drawPage(doc, page, codes[i] ?? null, from);
  return pdfBuffer(doc);
}

/** Amounts as '₹1,234', the sign in the font that has it. */
function money(doc: PDFKit.PDFDocument, paise: number, fontName: 'regular' | 'bold', size: number) {
  const text = formatRupees(paise).replace('₹', '');
  doc.font('regular-deva').fontSize(size).text('₹', { continued: true });
  doc.font(fontName).fontSize(size).text(text);
}

function drawPage(
  doc: PDFKit.PDFDocument,
  { parcel, shipment }: LabelPage,
  code: Buffer | null,
  from: LabelSender,
) {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const maxY = doc.page.height - doc.page.margins.bottom;

  doc.font('bold').fontSize(14).text(`Order ${parcel.orderNumber}`, left, doc.page.margins.top);
  doc.font('regular').fontSize(9).text(`From ${from.name} · ${from.email}`);
  doc.moveDown(0.6);

  doc.font('bold').fontSize(10).text('SHIP TO');
  doc.font('bold').fontSize(12).text(parcel.customer.name);
  doc.font('regular').fontSize(10).text(parcel.address.line, { width });
  doc.text([parcel.address.city, parcel.address.state].filter(Boolean).join(', '));
  doc.font('bold').fontSize(12).text(`PIN ${parcel.address.pincode}`);
  doc.font('regular').fontSize(10).text(`Phone ${parcel.customer.phone}`);
  doc.moveDown(0.6);

  if (shipment && code) {
    doc.font('bold').fontSize(10).text(`${shipment.courierName} · AWB ${shipment.awb}`);
    doc.image(code, { fit: [width, 56], align: 'center' });
    doc.y += 4;
  } else {
    doc.font('bold').fontSize(10).text('AWB not assigned yet: packing slip only');
  }
  doc.moveDown(0.4);

  if (parcel.cod) {
    doc.font('bold').fontSize(10).text('CASH ON DELIVERY: COLLECT ', { continued: true });
    money(doc, parcel.codAmountPaise, 'bold', 14);
  } else {
    doc.font('bold').fontSize(12).text('PREPAID: do not collect cash');
  }
  doc
    .font('regular')
    .fontSize(9)
    .text(`Weight ${(parcel.weightGrams / 1000).toFixed(2)} kg`);
  doc.moveDown(0.6);

  doc.font('bold').fontSize(10).text('PACKING SLIP');
  doc.font('regular').fontSize(9);
  const qtyX = left + width - 40;
  for (const [i, item] of parcel.items.entries()) {
    // One page per order: lines that would run off the page are counted, not printed.
    if (doc.y > maxY - 28) {
      doc.text(`… and ${parcel.items.length - i} more line(s)`, left);
      break;
    }
    const y = doc.y;
    doc.text(item.name, left, y, { width: width - (item.refunded > 0 ? 160 : 50) });
    const after = doc.y;
    // After a partial refund: '× 1 (of 3, 2 refunded)', so the packer packs only what is left.
    const qty =
      item.refunded > 0
        ? `× ${item.units} (of ${item.ordered}, ${item.refunded} refunded)`
        : `× ${item.units}`;
    doc.text(qty, qtyX - (item.refunded > 0 ? 110 : 0), y, {
      width: 40 + (item.refunded > 0 ? 110 : 0),
      align: 'right',
    });
    doc.y = after;
  }
}
