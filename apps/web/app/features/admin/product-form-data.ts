// The product form's data: the posted flat fields (variants.0.price, …) back into the shared
// schema's shape, and the editable variant rows the form starts from.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { ProductCreate, ProductUpdate } from '@spice/shared/contracts/products-admin';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The posted form as the shared schema's input. Fully blank new rows and blank about lines are dropped. */
export function productFromForm(form: FormData) {
  const variants: Record<string, string>[] = [];
  for (let i = 0; form.has(`variants.${i}.weight`); i++) {
    const row: Record<string, string> = {};
    for (const field of ['weight', 'price', 'mrp', 'stock', 'sku'])
      row[field] = text(form, `variants.${i}.${field}`);
    // Sent even when blank, so clearing the Hindi label clears it.
    if (form.has(`variants.${i}.weightHi`)) row.weightHi = text(form, `variants.${i}.weightHi`);
    // Only a saved row has an id and the stock it was loaded with.
    for (const field of ['id', 'loadedStock', 'grams']) {
      const value = text(form, `variants.${i}.${field}`);
      if (value !== '') row[field] = value;
    }
    const blank =
      !row.id &&
      !row.weight &&
      !row.weightHi &&
      !row.price &&
      !row.mrp &&
      !row.sku &&
      ['', '0'].includes(row.stock!);
    if (!blank) variants.push(row);
  }
  return {
    name: text(form, 'name'),
    nameHi: text(form, 'nameHi'),
    searchKeywords: text(form, 'searchKeywords')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    brand: text(form, 'brand'),
    description: text(form, 'description'),
    ...(form.has('descriptionHi') ? { descriptionHi: text(form, 'descriptionHi') } : {}),
    slug: text(form, 'slug'),
    // A checkbox posts 'false' from its hidden twin and 'true' as well when ticked.
    bestseller: form.getAll('bestseller').includes('true'),
    active: form.getAll('active').includes('true'),
    hsnCode: text(form, 'hsnCode'),
    gstRate: text(form, 'gstRate') === '' ? null : Number(text(form, 'gstRate')),
    ...aboutPairs(form),
    variants,
    ...(form.has('version') ? { version: text(form, 'version') } : {}),
  };
}

/**
 * The About lines as pairs: about[i] and its Hindi aboutHi[i] stay aligned. A pair blank in both
 * languages is dropped; a Hindi line without its English is kept, so the form can say so.
 */
function aboutPairs(form: FormData): { about: string[]; aboutHi?: string[] } {
  const english = form.getAll('about').map((line) => String(line).trim());
  if (!form.has('aboutHi')) return { about: english.filter(Boolean) };
  const hindi = form.getAll('aboutHi').map((line) => String(line).trim());
  const pairs = english.map((en, i) => [en, hindi[i] ?? ''] as const).filter(([en, hi]) => en || hi);
  return { about: pairs.map(([en]) => en), aboutHi: pairs.map(([, hi]) => hi) };
}

export const productSchemaFor = (form: FormData) => (form.has('version') ? ProductUpdate : ProductCreate);

export interface Row {
  key: number;
  id: string;
  weight: string;
  weightHi: string;
  price: string;
  mrp: string;
  stock: string;
  loadedStock: string;
  sku: string;
  grams: string;
  removable: boolean;
}

let nextKey = 1;
/** A key for a new row of the form (rows move, so their index cannot be their key). */
export const newRowKey = (): number => nextKey++;
export const blankRow = (): Row => ({
  key: nextKey++,
  id: '',
  weight: '',
  weightHi: '',
  price: '',
  mrp: '',
  stock: '0',
  loadedStock: '',
  sku: '',
  grams: '',
  removable: true,
});

/** 150.5 is shown as 150.50, 60 as 60. */
const rupeeText = (rupees: number) => (Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2));

export function rowsOf(product: AdminProductDto | null): Row[] {
  if (!product) return [blankRow(), blankRow()];
  return product.variants.map((v) => ({
    key: nextKey++,
    id: String(v.id),
    weight: v.weight,
    weightHi: v.weightHi,
    price: rupeeText(v.price),
    mrp: rupeeText(v.mrp),
    stock: String(v.stock),
    loadedStock: String(v.stock),
    sku: v.sku,
    grams: v.grams === null ? '' : String(v.grams),
    removable: v.removable,
  }));
}
