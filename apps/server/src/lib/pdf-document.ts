// A4 PDF documents (invoices, credit notes, shipping labels) in Noto Sans, fonts from npm
// (@fontsource/noto-sans, SIL Open Font License 1.1). PDFKit has no font fallback, so text is cut
// into runs: Devanagari and the rupee sign (₹) in the Devanagari subset, the rest in Latin.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const file = (subset: string, weight: number) =>
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);

const FONTS = {
  regular: file('latin', 400),
  bold: file('latin', 700),
  'regular-deva': file('devanagari', 400),
  'bold-deva': file('devanagari', 700),
} as const;

export type Weight = 'regular' | 'bold';
export type Pdf = PDFKit.PDFDocument;

/** A4 with 40 pt margins unless told otherwise (labels: A5 or [w, h] in points), Noto Sans registered. */
export function createPdfDocument(
  /** `createdAt`: the document's own date (an invoice's issue), so a re-print is byte for byte the same. */
  meta: { title: string; author?: string; createdAt?: Date },
  page: { size?: 'A4' | 'A5' | [number, number]; margin?: number; autoFirstPage?: boolean } = {},
): Pdf {
  const doc = new PDFDocument({
    size: page.size ?? 'A4',
    margin: page.margin ?? 40,
    autoFirstPage: page.autoFirstPage ?? true,
    info: {
      Title: meta.title,
      ...(meta.author !== undefined && { Author: meta.author }),
      ...(meta.createdAt !== undefined && { CreationDate: meta.createdAt }),
    },
  });
  for (const [name, path] of Object.entries(FONTS)) doc.registerFont(name, path);
  doc.font('regular');
  return doc;
}

/** The finished document's bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const DEVA = /[\u0900-\u097F\u1CD0-\u1CF9\u20B9\uA8E0-\uA8FF]/;

/** The text cut where it changes between Latin and Devanagari (joiners stay with their run). */
export function fontRuns(text: string, weight: Weight): { font: string; text: string }[] {
  const runs: { font: string; text: string }[] = [];
  for (const ch of text) {
    const last = runs.at(-1);
    const deva = DEVA.test(ch) || (last?.font.endsWith('-deva') && /[\u200C\u200D]/.test(ch));
    const font = deva ? `${weight}-deva` : weight;
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

export function textWidth(doc: Pdf, text: string, weight: Weight, size: number): number {
  doc.fontSize(size);
  return fontRuns(text, weight).reduce((w, r) => w + doc.font(r.font).widthOfString(r.text), 0);
}

/** One line of mixed-script text at (x, y), aligned within `width`; no wrapping. */
export function line(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  opts: { width?: number; align?: 'left' | 'right' | 'center'; weight?: Weight; size?: number } = {},
) {
  const weight = opts.weight ?? 'regular';
  const size = opts.size ?? 9;
  const w = textWidth(doc, text, weight, size);
  let at = x;
  if (opts.width !== undefined && opts.align === 'right') at = x + opts.width - w;
  if (opts.width !== undefined && opts.align === 'center') at = x + (opts.width - w) / 2;
  for (const r of fontRuns(text, weight)) {
    doc.font(r.font).fontSize(size).text(r.text, at, y, { lineBreak: false });
    at += doc.widthOfString(r.text);
  }
}

/** A word wider than `width` (a long e-mail, an unbroken address) cut into pieces that fit. */
function fitted(doc: Pdf, word: string, weight: Weight, size: number, width: number): string[] {
  if (textWidth(doc, word, weight, size) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && textWidth(doc, piece + ch, weight, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += ch;
  }
  return [...pieces, piece];
}

/** Mixed-script text wrapped at word boundaries within `width`; answers the y below it. */
export function paragraph(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  opts: { width: number; weight?: Weight; size?: number; gap?: number },
): number {
  const weight = opts.weight ?? 'regular';
  const size = opts.size ?? 9;
  const lineHeight = size * 1.35;
  let top = y;
  for (const para of text.split('\n')) {
    let current = '';
    for (const word of para
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((w) => fitted(doc, w, weight, size, opts.width))) {
      const next = current ? `${current} ${word}` : word;
      if (current && textWidth(doc, next, weight, size) > opts.width) {
        line(doc, current, x, top, { weight, size });
        top += lineHeight;
        current = word;
      } else current = next;
    }
    line(doc, current, x, top, { weight, size });
    top += lineHeight;
  }
  return top + (opts.gap ?? 0);
}
