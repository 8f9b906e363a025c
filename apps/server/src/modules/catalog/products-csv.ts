// The products CSV (issue 41): every variant as a row (prices and MRP in rupees as people write
// them, stock, the Hindi names, HSN and GST rate), and its import. The import reads the whole file
// first and reports every row's errors; it writes only when no row has one (a dry run never
// writes). It changes existing variants, found by SKU: new products are made in the product form.
// Each product is saved through the product form's own update (its rules: MRP not below price,
// Hindi in Devanagari, publishing, the audit entry) and each stock change through the stock
// adjustment service, so an import does nothing a person could not do by hand.
import { COMBO_STOCK_DERIVED } from '@spice/shared/combos';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { BatchDto } from '@spice/shared/contracts/batches';
import type { ProductImportReportDto } from '@spice/shared/contracts/bulk';
import {
  type AdminProductDto,
  HINDI_NAME_SCRIPT,
  ProductUpdate,
  type ProductUpdateInput,
} from '@spice/shared/contracts/products-admin';
import { readRupeeText, rupeeText } from '@spice/shared/rupee-text';
import { parse } from 'csv-parse/sync';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { csvDocument } from '../../lib/csv.ts';
import { AppError } from '../../plugins/errors.ts';
import type { ProductEditingService } from './admin-service.ts';
import type { StockService } from './admin-stock.ts';
import type { BatchService } from './batches.ts';
import { products } from './schema.ts';

/** The export's header, which is also what the import reads (any subset beside SKU). */
export const PRODUCT_COLUMNS = {
  sku: 'SKU',
  slug: 'Product slug',
  name: 'Product name',
  nameHi: 'Product name (Hindi)',
  weight: 'Weight',
  weightHi: 'Weight (Hindi)',
  price: 'Price (₹)',
  mrp: 'MRP (₹)',
  stock: 'Stock',
  batches: 'Batches (on hand)',
  hsn: 'HSN',
  gstRate: 'GST rate (%)',
} as const;
type Column = keyof typeof PRODUCT_COLUMNS;

export const STOCK_IMPORT_REASON = 'Products CSV import';
export const UNKNOWN_SKU = 'No variant has this SKU: add new products in the product form.';
export const SKU_TWICE = 'This SKU is on an earlier row too.';
export const NO_SKU_COLUMN = `The first row must name the columns, with ${PRODUCT_COLUMNS.sku} among them (as the export writes it).`;
const STOCK_MESSAGE = 'Write the stock as a whole number of units, like 25.';

const byHeader = new Map(
  Object.entries(PRODUCT_COLUMNS).map(([key, label]) => [norm(label), key as Column] as const),
);
function norm(header: string) {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

const hasDevanagari = (s: string) => s === '' || /\p{Script=Devanagari}/u.test(s);

type Cells = Partial<Record<Column, string>>;

interface RowPlan {
  line: number;
  sku: string;
  errors: string[];
  changes: string[];
  /** The stock to set, when it changes. */
  stock?: { variantId: number; from: number; to: number };
  /** Corrections to named batches' units on hand (issue 39), when the Batches cell changes them. */
  batches?: { variantId: number; batchNumber: string; change: number }[];
}

export type ProductsCsv = ReturnType<typeof createProductsCsv>;

export function createProductsCsv(
  db: Db,
  deps: {
    productEditing: Pick<ProductEditingService, 'get' | 'update'>;
    stock: Pick<StockService, 'adjust'>;
    batches: Pick<BatchService, 'list' | 'adjustBatch'>;
  },
) {
  async function everyProduct(): Promise<AdminProductDto[]> {
    const ids = await db
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.position), asc(products.id));
    const found: AdminProductDto[] = [];
    for (const { id } of ids) found.push(await deps.productEditing.get(id));
    return found;
  }

  /** Reads the file and checks every row against the catalogue as it is now. */
  async function plan(text: string): Promise<Plan> {
    let records: string[][];
    try {
      records = parse(text, { bom: true, skip_empty_lines: true }) as string[][];
    } catch (error) {
      return { fileError: `This is not a CSV file the import can read: ${(error as Error).message}` };
    }
    const [header, ...body] = records;
    const columns = (header ?? []).map((h) => byHeader.get(norm(h)));
    const unknown = (header ?? []).find((_, i) => columns[i] === undefined);
    if (!header || !columns.includes('sku')) return { fileError: NO_SKU_COLUMN };
    if (unknown !== undefined)
      return {
        fileError: `Unknown column "${unknown}": use the export's header (${Object.values(PRODUCT_COLUMNS).join(', ')}).`,
      };

    const bySku = new Map<string, { product: AdminProductDto; index: number }>();
    for (const product of await everyProduct())
      for (const [index, v] of product.variants.entries()) bySku.set(v.sku.toUpperCase(), { product, index });

    const rows: RowPlan[] = [];
    const edits = new Map<number, ProductEdit>();
    const seen = new Set<string>();
    for (const [i, record] of body.entries()) {
      const cells: Cells = {};
      for (const [j, c] of columns.entries()) if (c) cells[c] = (record[j] ?? '').trim();
      const row: RowPlan = { line: i + 2, sku: cells.sku ?? '', errors: [], changes: [] };
      rows.push(row);
      if (record.length !== header.length)
        row.errors.push(`This row has ${record.length} cells; the header has ${header.length}.`);
      const key = row.sku.toUpperCase();
      const found = bySku.get(key);
      if (row.sku === '') row.errors.push(`${PRODUCT_COLUMNS.sku}: enter the variant's SKU.`);
      else if (seen.has(key)) row.errors.push(SKU_TWICE);
      else if (!found) row.errors.push(UNKNOWN_SKU);
      seen.add(key);
      if (!found || row.errors.some((e) => e === SKU_TWICE)) continue;
      let edit = edits.get(found.product.id);
      if (!edit) {
        edit = {
          product: found.product,
          input: formInput(found.product),
          rowOf: new Map(),
          rows: [],
          set: new Map(),
        };
        edits.set(found.product.id, edit);
      }
      edit.rowOf.set(found.index, row);
      edit.rows.push(row);
      checkProductCells(edit, cells, row);
      checkVariantCells(edit, found.index, cells, row);
      const variant = found.product.variants[found.index]!;
      if (cells.batches !== undefined && variant.components.length === 0)
        checkBatchesCell(cells.batches, variant.id, await deps.batches.list(variant.id), row);
    }

    // The product form's own rules, on each product as the import would save it.
    for (const edit of edits.values()) {
      const checked = ProductUpdate.safeParse(edit.input);
      if (checked.success) continue;
      for (const issue of checked.error.issues) {
        const [first, index, field] = issue.path;
        const row = first === 'variants' && typeof index === 'number' ? edit.rowOf.get(index) : undefined;
        const label =
          typeof field === 'string' && field in PRODUCT_COLUMNS
            ? `${PRODUCT_COLUMNS[field as Column]}: `
            : '';
        const message = `${label}${issue.message}`;
        for (const r of row ? [row] : edit.rows) if (!r.errors.includes(message)) r.errors.push(message);
      }
    }
    return { rows, edits } as const;
  }

  function report(rows: RowPlan[], dryRun: boolean, applied: boolean): ProductImportReportDto {
    return {
      dryRun,
      applied,
      rows: rows.map(({ line, sku, errors, changes }) => ({ line, sku, errors, changes })),
      errorCount: rows.reduce((n, r) => n + r.errors.length, 0),
      changedRows: rows.filter((r) => r.changes.length > 0).length,
      fileError: null,
    };
  }

  return {
    /** Every variant, one row each, products in the shop's order; amounts in rupees ('249.00'). */
    async exportCsv(): Promise<string> {
      const rows: string[][] = [];
      for (const p of await everyProduct())
        for (const v of p.variants) {
          // A combo's stock comes from its parts (decision 0040): it has no batches of its own.
          const held = v.components.length > 0 ? [] : await deps.batches.list(v.id);
          rows.push([
            v.sku,
            p.slug,
            p.name,
            p.nameHi,
            v.weight,
            v.weightHi,
            rupeeText(Math.round(v.price * 100)),
            rupeeText(Math.round(v.mrp * 100)),
            String(v.stock),
            batchesCell(held),
            p.hsnCode ?? '',
            p.gstRate === null ? '' : String(p.gstRate),
          ]);
        }
      return csvDocument(Object.values(PRODUCT_COLUMNS), rows);
    },

    /**
     * Checks the file and, unless `dryRun`, applies it when no row has an error: each product in
     * its own transaction (the form's update), then its stock changes (the stock service's).
     */
    async importCsv(admin: UserDto, text: string, dryRun: boolean): Promise<ProductImportReportDto> {
      const planned = await plan(text);
      if ('fileError' in planned)
        return {
          dryRun,
          applied: false,
          rows: [],
          errorCount: 1,
          changedRows: 0,
          fileError: planned.fileError,
        };
      const { rows, edits } = planned;
      const result = report(rows, dryRun, false);
      if (dryRun || result.errorCount > 0 || result.changedRows === 0) return result;
      for (const [productId, edit] of edits) {
        let saved = false;
        try {
          const fieldsChanged = edit.rows.some(
            (r) => r.changes.length > (r.stock ? 1 : 0) + (r.batches?.length ?? 0),
          );
          if (fieldsChanged)
            await deps.productEditing.update(admin, productId, ProductUpdate.parse(edit.input));
          saved = true;
          for (const r of edit.rows) {
            if (!r.stock) continue;
            await deps.stock.adjust(admin, r.stock.variantId, {
              change: r.stock.to - r.stock.from,
              reason: STOCK_IMPORT_REASON,
            });
          }
          for (const r of edit.rows)
            for (const b of r.batches ?? [])
              await deps.batches.adjustBatch(admin, b.variantId, b.batchNumber, {
                change: b.change,
                reason: STOCK_IMPORT_REASON,
              });
        } catch (error) {
          // Changed meanwhile (409) or refused by a rule read at save time: this product's rows
          // say so; the products before it stay saved, those after it are still tried.
          if (!(error instanceof AppError)) throw error;
          const what = saved ? 'Prices and names saved, stock not changed' : 'Not saved';
          for (const r of edit.rows) r.errors.push(`${what}: ${error.message}`);
        }
      }
      const after = report(rows, dryRun, true);
      return after;
    },
  };
}

interface ProductEdit {
  product: AdminProductDto;
  /** The update as the product form would send it. */
  input: ProductUpdateInput;
  /** The row each variant (by index) came from. */
  rowOf: Map<number, RowPlan>;
  rows: RowPlan[];
  /** Product-level cells as the first row of the product gave them. */
  set: Map<string, string>;
}

type Plan = { fileError: string } | { rows: RowPlan[]; edits: Map<number, ProductEdit> };

/** Name, Hindi name, HSN and GST rate: every row of a product must agree with its first. */
function checkProductCells(edit: ProductEdit, cells: Cells, row: RowPlan) {
  const { product, input } = edit;
  if (cells.slug !== undefined && cells.slug !== '' && cells.slug !== product.slug)
    row.errors.push(`${PRODUCT_COLUMNS.slug}: this SKU belongs to ${product.slug}, not ${cells.slug}.`);
  const agreed = (column: Column, value: string) => {
    const earlier = edit.set.get(column);
    if (earlier !== undefined && earlier !== value) {
      row.errors.push(`${PRODUCT_COLUMNS[column]}: differs from an earlier row of the same product.`);
      return false;
    }
    edit.set.set(column, value);
    return true;
  };
  const change = (column: Column, from: string, to: string) =>
    row.changes.push(`${PRODUCT_COLUMNS[column]}: ${from || '(blank)'} → ${to || '(blank)'}`);

  const { name, nameHi, hsn, gstRate } = cells;
  if (name !== undefined) {
    if (name === '') row.errors.push(`${PRODUCT_COLUMNS.name}: enter the product name.`);
    else if (agreed('name', name) && name !== product.name) {
      input.name = name;
      change('name', product.name, name);
    }
  }
  if (nameHi !== undefined) {
    if (!hasDevanagari(nameHi)) row.errors.push(`${PRODUCT_COLUMNS.nameHi}: ${HINDI_NAME_SCRIPT}`);
    else if (agreed('nameHi', nameHi) && nameHi !== product.nameHi) {
      input.nameHi = nameHi;
      change('nameHi', product.nameHi, nameHi);
    }
  }
  if (hsn !== undefined && agreed('hsn', hsn) && hsn !== (product.hsnCode ?? '')) {
    input.hsnCode = hsn === '' ? null : hsn;
    change('hsn', product.hsnCode ?? '', hsn);
  }
  if (gstRate !== undefined) {
    const rate = gstRate.replace(/%$/, '').trim();
    if (rate !== '' && !/^\d{1,2}(\.\d{1,2})?$/.test(rate))
      row.errors.push(`${PRODUCT_COLUMNS.gstRate}: write the rate in percent, like 5 or 12.`);
    else if (agreed('gstRate', rate)) {
      const value = rate === '' ? null : Number(rate);
      if (value !== product.gstRate) {
        input.gstRate = value;
        change('gstRate', product.gstRate === null ? '' : String(product.gstRate), rate);
      }
    }
  }
}

/** Weight and its Hindi, price and MRP (rupees as written, compared in paise), stock. */
function checkVariantCells(edit: ProductEdit, index: number, cells: Cells, row: RowPlan) {
  const variant = edit.product.variants[index]!;
  const target = edit.input.variants[index]!;
  const { weight, weightHi, stock } = cells;
  if (weight !== undefined && weight !== variant.weight) {
    if (weight === '') row.errors.push(`${PRODUCT_COLUMNS.weight}: enter the weight, like 100 g.`);
    else {
      target.weight = weight;
      row.changes.push(`${PRODUCT_COLUMNS.weight}: ${variant.weight} → ${weight}`);
    }
  }
  if (weightHi !== undefined && weightHi !== variant.weightHi) {
    if (!hasDevanagari(weightHi))
      row.errors.push(`${PRODUCT_COLUMNS.weightHi}: write it in Devanagari, like 100 ग्राम.`);
    else {
      target.weightHi = weightHi;
      row.changes.push(
        `${PRODUCT_COLUMNS.weightHi}: ${variant.weightHi || '(blank)'} → ${weightHi || '(blank)'}`,
      );
    }
  }
  for (const column of ['price', 'mrp'] as const) {
    const cell = cells[column];
    if (cell === undefined) continue;
    const read = readRupeeText(cell);
    if (!read.ok) row.errors.push(`${PRODUCT_COLUMNS[column]}: ${read.message}`);
    else if (read.paise === 0) row.errors.push(`${PRODUCT_COLUMNS[column]}: enter an amount above ₹0.`);
    else {
      const currentPaise = Math.round(variant[column] * 100);
      if (read.paise !== currentPaise) {
        target[column] = read.paise / 100;
        row.changes.push(
          `${PRODUCT_COLUMNS[column]}: ₹${rupeeText(currentPaise)} → ₹${rupeeText(read.paise)}`,
        );
      }
    }
  }
  if (stock === undefined) return;
  if (!/^\d{1,7}$/.test(stock)) row.errors.push(`${PRODUCT_COLUMNS.stock}: ${STOCK_MESSAGE}`);
  else if (Number(stock) === variant.stock) return;
  else if (variant.components.length > 0) row.errors.push(`${PRODUCT_COLUMNS.stock}: ${COMBO_STOCK_DERIVED}`);
  else if (Math.abs(Number(stock) - variant.stock) > 100_000)
    row.errors.push(`${PRODUCT_COLUMNS.stock}: that is too large a change at once.`);
  else {
    row.stock = { variantId: variant.id, from: variant.stock, to: Number(stock) };
    row.changes.push(`${PRODUCT_COLUMNS.stock}: ${variant.stock} → ${stock}`);
  }
}

/** 'B-1: 40 (best before 2027-06-30); OPENING: 12 (best before 2027-03-01)': batches with units on hand. */
export function batchesCell(batches: readonly BatchDto[]): string {
  return batches
    .filter((b) => b.onHand > 0)
    .map((b) => `${b.batchNumber}: ${b.onHand} (best before ${b.bestBefore})`)
    .join('; ');
}

const BATCH_ENTRY = /^([A-Za-z0-9][A-Za-z0-9\-/._]{0,39})\s*:\s*(\d{1,7})\s*(?:\([^()]*\))?$/;

/**
 * The Batches cell read back: each named batch's units on hand as the file says them. A batch
 * left out is left as it is; one the variant does not have is an error (new batches are received
 * on the Stock page, with their dates). Changing the Stock and the Batches of one row is refused:
 * the two would say different things.
 */
function checkBatchesCell(cell: string, variantId: number, held: readonly BatchDto[], row: RowPlan) {
  const label = PRODUCT_COLUMNS.batches;
  const byNumber = new Map(held.map((b) => [b.batchNumber.toUpperCase(), b]));
  const named = new Set<string>();
  const changes: NonNullable<RowPlan['batches']> = [];
  for (const entry of cell
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = BATCH_ENTRY.exec(entry);
    if (!m) {
      row.errors.push(`${label}: write each batch as NUMBER: UNITS, like B-12: 40, separated by ";".`);
      continue;
    }
    const batch = byNumber.get(m[1]!.toUpperCase());
    if (!batch) {
      row.errors.push(`${label}: this variant has no batch ${m[1]}; receive new batches on the Stock page.`);
      continue;
    }
    if (named.has(batch.batchNumber)) {
      row.errors.push(`${label}: batch ${batch.batchNumber} is named twice.`);
      continue;
    }
    named.add(batch.batchNumber);
    const units = Number(m[2]);
    if (units !== batch.onHand)
      changes.push({ variantId, batchNumber: batch.batchNumber, change: units - batch.onHand });
  }
  if (changes.length === 0) return;
  if (row.stock) {
    row.errors.push(`${label}: change the Stock or the Batches of a variant, not both in one import.`);
    return;
  }
  row.batches = changes;
  for (const c of changes) {
    const from = byNumber.get(c.batchNumber.toUpperCase())!.onHand;
    row.changes.push(`${label}: ${c.batchNumber} ${from} → ${from + c.change}`);
  }
}

/** The product as its form would send it back unchanged (stock left to the stock service). */
function formInput(p: AdminProductDto): ProductUpdateInput {
  return {
    name: p.name,
    nameHi: p.nameHi,
    searchKeywords: p.searchKeywords,
    brand: p.brand,
    description: p.description,
    descriptionHi: p.descriptionHi,
    slug: p.slug,
    bestseller: p.bestseller,
    active: p.active,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    about: p.about,
    aboutHi: p.aboutHi,
    declarations: p.declarations,
    declarationsHi: p.declarationsHi,
    version: p.version,
    variants: p.variants.map((v) => ({
      id: v.id,
      weight: v.weight,
      weightHi: v.weightHi,
      price: v.price,
      mrp: v.mrp,
      stock: v.stock,
      loadedStock: v.stock,
      grams: v.grams ?? undefined,
      sku: v.sku,
      netQuantity: v.netQuantity,
      components: v.components,
      gtin: v.gtin,
    })),
  } as ProductUpdateInput;
}
