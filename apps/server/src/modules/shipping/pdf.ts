// Packing slip and shipping label, one A5 page per order, in one PDF for a whole batch. Text in
// Noto Sans (from @fontsource/noto-sans, SIL Open Font License 1.1): its Latin files lack the
// rupee sign, so '₹' is drawn from its Devanagari file. The AWB is a Code 128 barcode (bwip-js)
// couriers' scanners read. Kept inside this module until the invoices' PDF setup is unified.
import { createRequire } from 'node:module';
import { formatRupees } from '@spice/shared/money';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { Parcel } from './courier.ts';

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`@fontsource/noto-sans/files/${file}`);
const FONTS = {
  regular: font('noto-sans-latin-400-normal.woff'),
  bold: font('noto-sans-latin-700-normal.woff'),
  rupee: font('noto-sans-devanagari-400-normal.woff'),
};

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
  const doc = new PDFDocument({
    size: 'A5',
    margin: 28,
    autoFirstPage: false,
    info: { Title: 'Shipping labels' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('rupee', FONTS.rupee);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const codes = await Promise.all(pages.map((p) => (p.shipment ? barcode(p.shipment.awb) : null)));
  for (const [i, page] of pages.entries()) drawPage(doc, page, codes[i] ?? null, from);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** Amounts as '₹1,234', the sign in the font that has it. */
function money(doc: PDFKit.PDFDocument, paise: number, fontName: 'regular' | 'bold', size: number) {
  const text = formatRupees(paise).replace('₹', '');
  doc.font('rupee').fontSize(size).text('₹', { continued: true });
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
    doc.text(item.name, left, y, { width: width - 50 });
    const after = doc.y;
    doc.text(`× ${item.units}`, qtyX, y, { width: 40, align: 'right' });
    doc.y = after;
  }
}
