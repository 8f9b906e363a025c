import { ProductCreate, ProductUpdate } from '@spice/shared/contracts/products-admin';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './forms';
import { productFromForm } from './product-form-data';

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const base: [string, string][] = [
  ['intent', 'save'],
  ['name', ' Chaat Masala '],
  ['brand', 'Kesar Chakki'],
  ['description', ''],
  ['slug', ''],
  ['active', 'false'],
  ['active', 'true'],
  ['bestseller', 'false'],
  ['about', 'Tangy'],
  ['about', '   '],
  ['variants.0.weight', '100 g'],
  ['variants.0.price', '60'],
  ['variants.0.mrp', '75.50'],
  ['variants.0.stock', '40'],
  ['variants.0.sku', 'KC-CM-100'],
  ['variants.0.id', ''],
  ['variants.0.loadedStock', ''],
  // An untouched spare row: dropped.
  ['variants.1.weight', ''],
  ['variants.1.price', ''],
  ['variants.1.mrp', ''],
  ['variants.1.stock', '0'],
  ['variants.1.sku', ''],
  ['variants.1.id', ''],
  ['variants.1.loadedStock', ''],
];

describe('productFromForm', () => {
  it('reads ticked checkboxes past their hidden twin, drops blank about lines and untouched rows', () => {
    const input = productFromForm(form(base));
    expect(input).toMatchObject({ name: 'Chaat Masala', active: true, bestseller: false, about: ['Tangy'] });
    expect(input.variants).toEqual([
      { weight: '100 g', price: '60', mrp: '75.50', stock: '40', sku: 'KC-CM-100', netQuantity: null },
    ]);
    expect(ProductCreate.parse(input).variants[0]).toMatchObject({ price: 60, mrp: 75.5 });
  });

  it('keeps a half-filled row so its missing fields get their own messages', () => {
    const fields = base.map(([k, v]): [string, string] =>
      k === 'variants.1.weight' ? [k, '200 g'] : [k, v],
    );
    const parsed = ProductCreate.safeParse(productFromForm(form(fields)));
    expect(parsed.success).toBe(false);
    // The first message per field, as the form and the API show them.
    const errors = fieldErrors(parsed.error!.issues);
    expect(errors).toEqual({
      'variants.1.price': 'Enter a price above ₹0.',
      'variants.1.mrp': 'Enter the MRP above ₹0.',
      'variants.1.sku': 'Enter a SKU, like KC-GM-100.',
    });
  });

  it('carries the version, variant ids and loaded stock of an edit', () => {
    const fields = base.map(([k, v]): [string, string] =>
      k === 'variants.0.id' ? [k, '7'] : k === 'variants.0.loadedStock' ? [k, '38'] : [k, v],
    );
    const parsed = ProductUpdate.parse(productFromForm(form([...fields, ['version', '4']])));
    expect(parsed.version).toBe(4);
    expect(parsed.variants[0]).toMatchObject({ id: 7, loadedStock: 38, stock: 40 });
  });

  it('reads the Hindi beside the English: About lines stay paired, blank pairs dropped, blank Hindi kept', () => {
    const fields: [string, string][] = [
      ...base.filter(([k]) => k !== 'about' && !k.startsWith('variants.1.')),
      ['descriptionHi', ' चटपटा मसाला '],
      ['about', 'Tangy'],
      ['aboutHi', ''],
      ['about', ''],
      ['aboutHi', ''],
      ['about', 'No added colour'],
      ['aboutHi', 'कोई रंग नहीं'],
      ['variants.0.weightHi', '100 ग्राम'],
    ];
    const parsed = ProductCreate.parse(productFromForm(form(fields)));
    expect(parsed).toMatchObject({
      descriptionHi: 'चटपटा मसाला',
      about: ['Tangy', 'No added colour'],
      aboutHi: ['', 'कोई रंग नहीं'],
    });
    expect(parsed.variants[0]!.weightHi).toBe('100 ग्राम');
  });

  it('says so when a Hindi About line has no English line', () => {
    const fields: [string, string][] = [
      ...base.filter(([k]) => k !== 'about'),
      ['about', 'Tangy'],
      ['aboutHi', 'चटपटा'],
      ['about', ''],
      ['aboutHi', 'बिना अंग्रेज़ी'],
    ];
    const parsed = ProductCreate.safeParse(productFromForm(form(fields)));
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!.issues)).toEqual({ 'about.1': 'Remove empty about lines.' });
  });
});

describe('the declarations in the product form', () => {
  it('nests them, leaves blank parties, shelf life and nutrition null, and takes a net quantity per variant', () => {
    const posted = productFromForm(
      form([
        ...base,
        ['variants.0.netQuantity.value', ''],
        ['variants.0.netQuantity.unit', 'g'],
        ['variants.2.weight', ''],
        ['variants.2.price', '100'],
        ['variants.2.mrp', '100'],
        ['variants.2.stock', '3'],
        ['variants.2.sku', 'KC-CM-6'],
        ['variants.2.netQuantity.value', '6'],
        ['variants.2.netQuantity.unit', 'pc'],
        ['declarations.genericName', 'Spice blend (chaat masala)'],
        ['declarationsHi.genericName', 'चाट मसाला'],
        ['declarations.veg', 'false'],
        ['declarations.veg', 'true'],
        ['declarations.shelfLifeMonths', ''],
        ['declarations.fssaiLicence', ''],
        ['declarations.manufacturer.name', 'Own Mills'],
        ['declarations.manufacturer.address', 'Unjha'],
        ['declarations.packer.name', ''],
        ['declarations.packer.address', ''],
        ['declarations.nutritionPer100g.energyKcal', ''],
        ['declarations.nutritionPer100g.sodiumMg', ''],
      ]),
    );
    const parsed = ProductCreate.parse(posted);
    expect(parsed.declarations).toMatchObject({
      genericName: 'Spice blend (chaat masala)',
      veg: true,
      shelfLifeMonths: null,
      manufacturer: { name: 'Own Mills', address: 'Unjha' },
      packer: null,
      nutritionPer100g: null,
    });
    expect(parsed.declarationsHi?.genericName).toBe('चाट मसाला');
    // A blank net quantity is read from the label; a blank label is made from the net quantity.
    expect(parsed.variants.map((v) => [v.weight, v.netQuantity])).toEqual([
      ['100 g', { value: 100, unit: 'g' }],
      ['6 pc', { value: 6, unit: 'pc' }],
    ]);
  });

  it('names a bad FSSAI licence at its field', () => {
    const result = ProductCreate.safeParse(
      productFromForm(
        form([...base, ['declarations.genericName', ''], ['declarations.fssaiLicence', '12345']]),
      ),
    );
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)['declarations.fssaiLicence']).toBe(
      'Enter the 14-digit FSSAI licence number.',
    );
  });
});
