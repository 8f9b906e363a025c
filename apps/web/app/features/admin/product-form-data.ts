// The product form's posted fields as the shared schema's input: the form posts flat fields
// (variants.0.price, …) that productFromForm turns back into the schema's shape, on the client
// before sending and in the action after.
import { ProductCreate, ProductUpdate } from '@spice/shared/contracts/products-admin';
import { declarationsFromForm, netQuantityFromForm } from './declarations-form-data';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The posted form as the shared schema's input. Fully blank new rows and blank about lines are dropped. */
export function productFromForm(form: FormData) {
  const variants: Record<string, unknown>[] = [];
  for (let i = 0; form.has(`variants.${i}.weight`); i++) {
    const row: Record<string, unknown> = {};
    for (const field of ['weight', 'price', 'mrp', 'stock', 'sku'])
      row[field] = text(form, `variants.${i}.${field}`);
    // Sent even when blank, so clearing the Hindi label (or the GTIN) clears it.
    if (form.has(`variants.${i}.weightHi`)) row.weightHi = text(form, `variants.${i}.weightHi`);
    if (form.has(`variants.${i}.gtin`)) row.gtin = text(form, `variants.${i}.gtin`);
    // Only a saved row has an id and the stock it was loaded with.
    for (const field of ['id', 'loadedStock', 'grams']) {
      const value = text(form, `variants.${i}.${field}`);
      if (value !== '') row[field] = value;
    }
    row.netQuantity = netQuantityFromForm(form, i);
    // A combo's parts (decision 0040); none posted: a plain variant (its parts, if any, removed).
    const components: Record<string, string>[] = [];
    for (let j = 0; form.has(`variants.${i}.components.${j}.variantId`); j++) {
      components.push({
        variantId: text(form, `variants.${i}.components.${j}.variantId`),
        quantity: text(form, `variants.${i}.components.${j}.quantity`),
      });
    }
    if (components.length > 0) row.components = components;
    const blank =
      !row.id &&
      !row.weight &&
      !row.weightHi &&
      !row.price &&
      !row.mrp &&
      !row.sku &&
      !row.netQuantity &&
      ['', '0'].includes(row.stock as string);
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
    ...declarationsFromForm(form),
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
