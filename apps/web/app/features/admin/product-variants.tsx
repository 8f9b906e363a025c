// The product form's variants table: one row per weight with its price, MRP, stock, SKU and grams,
// rows added, removed and moved up and down. Rows live in the form's state so they can move.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { NET_QUANTITY_UNITS } from '@spice/shared/unit-price';
import { FieldError, type FormErrors } from './forms';

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
  /** The pack's barcode for the shopping feeds (issue 38); blank: none. */
  gtin: string;
  /** The net quantity's value and unit (g, kg, ml, l, pc); blank value: read from the label. */
  netValue: string;
  netUnit: string;
  removable: boolean;
}

let nextKey = 1;
/** A key for a new list item (variant rows and about lines), unique in the page. */
export const newKey = () => nextKey++;
export const blankRow = (): Row => ({
  key: newKey(),
  id: '',
  weight: '',
  weightHi: '',
  price: '',
  mrp: '',
  stock: '0',
  loadedStock: '',
  sku: '',
  grams: '',
  gtin: '',
  netValue: '',
  netUnit: 'g',
  removable: true,
});

/** 150.5 is shown as 150.50, 60 as 60. */
const rupeeText = (rupees: number) => (Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2));

export function rowsOf(product: AdminProductDto | null): Row[] {
  if (!product) return [blankRow(), blankRow()];
  return product.variants.map((v) => ({
    key: newKey(),
    id: String(v.id),
    weight: v.weight,
    weightHi: v.weightHi,
    price: rupeeText(v.price),
    mrp: rupeeText(v.mrp),
    stock: String(v.stock),
    loadedStock: String(v.stock),
    sku: v.sku,
    grams: v.grams === null ? '' : String(v.grams),
    gtin: v.gtin ?? '',
    netValue: v.netQuantity ? String(v.netQuantity.value) : '',
    netUnit: v.netQuantity?.unit ?? 'g',
    removable: v.removable,
  }));
}

export function VariantsFieldset({
  uid,
  rows,
  errors,
  setCell,
  move,
  changeRows,
}: {
  uid: string;
  rows: Row[];
  errors: FormErrors;
  setCell: (key: number, field: keyof Row, value: string) => void;
  move: (index: number, by: -1 | 1) => void;
  changeRows: (next: Row[]) => void;
}) {
  return (
    <fieldset className="admin-fieldset admin-product-form__variants">
      <legend>Variants</legend>
      <p className="admin-hint">
        Prices in rupees with up to two decimals; MRP is never below the price. The first variant’s price is
        shown on product cards. Stock changes are applied on top of sales made since this page loaded. The net
        quantity gives the unit price shoppers see (per 100 g, 100 ml or piece); a new variant with a blank
        weight label takes it from the net quantity, a blank net quantity is read from the label. The GTIN
        (the barcode's 8, 12, 13 or 14 digits) is optional; Google's feed says whether one is set.
      </p>
      <FieldError id={`${uid}-variants-error`} message={errors.variants} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--form admin-variants">
          <thead>
            <tr>
              <th scope="col">Weight</th>
              <th scope="col" lang="hi">
                वज़न <span lang="en">(Hindi)</span>
              </th>
              <th scope="col">Price (₹)</th>
              <th scope="col">MRP (₹)</th>
              <th scope="col">Stock</th>
              <th scope="col">SKU</th>
              <th scope="col">Grams</th>
              <th scope="col">GTIN</th>
              <th scope="col">Net quantity</th>
              <th scope="col">
                <span className="visually-hidden">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const cell = (
                field: 'weight' | 'weightHi' | 'price' | 'mrp' | 'stock' | 'sku' | 'grams' | 'gtin',
                label: string,
                extra = {},
              ) => {
                const error = errors[`variants.${i}.${field}`];
                const errorId = `${uid}-v${row.key}-${field}-error`;
                return (
                  <td data-label={label}>
                    <input
                      name={`variants.${i}.${field}`}
                      value={row[field]}
                      aria-label={`${label}, variant ${i + 1}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={errorId}
                      onChange={(e) => setCell(row.key, field, e.currentTarget.value)}
                      {...extra}
                    />
                    <FieldError id={errorId} message={error} />
                  </td>
                );
              };
              return (
                <tr key={row.key}>
                  {cell('weight', 'Weight', { placeholder: '100 g', maxLength: 30 })}
                  {cell('weightHi', 'Weight in Hindi', {
                    placeholder: '100 ग्राम',
                    maxLength: 30,
                    lang: 'hi',
                  })}
                  {cell('price', 'Price', { inputMode: 'decimal', placeholder: '60' })}
                  {cell('mrp', 'MRP', { inputMode: 'decimal', placeholder: '75' })}
                  {cell('stock', 'Stock', { inputMode: 'numeric' })}
                  {cell('sku', 'SKU', {
                    placeholder: 'KC-XX-100',
                    maxLength: 40,
                    autoCapitalize: 'characters',
                  })}
                  {cell('grams', 'Net weight in grams', { inputMode: 'numeric', placeholder: '100' })}
                  {cell('gtin', 'GTIN (barcode)', {
                    inputMode: 'numeric',
                    placeholder: 'optional',
                    maxLength: 14,
                  })}
                  <td data-label="Net quantity" className="admin-variants__net">
                    <input
                      name={`variants.${i}.netQuantity.value`}
                      value={row.netValue}
                      inputMode="decimal"
                      placeholder="100"
                      aria-label={`Net quantity, variant ${i + 1}`}
                      aria-invalid={errors[`variants.${i}.netQuantity.value`] ? true : undefined}
                      aria-describedby={`${uid}-v${row.key}-net-error`}
                      onChange={(e) => setCell(row.key, 'netValue', e.currentTarget.value)}
                    />
                    <select
                      name={`variants.${i}.netQuantity.unit`}
                      value={row.netUnit}
                      aria-label={`Net quantity unit, variant ${i + 1}`}
                      onChange={(e) => setCell(row.key, 'netUnit', e.currentTarget.value)}
                    >
                      {NET_QUANTITY_UNITS.map((u) => (
                        <option key={u} value={u}>
                          {u}
                        </option>
                      ))}
                    </select>
                    <FieldError
                      id={`${uid}-v${row.key}-net-error`}
                      message={
                        errors[`variants.${i}.netQuantity.value`] ?? errors[`variants.${i}.netQuantity.unit`]
                      }
                    />
                  </td>
                  <td className="admin-variants__actions">
                    <input type="hidden" name={`variants.${i}.id`} value={row.id} />
                    <input type="hidden" name={`variants.${i}.loadedStock`} value={row.loadedStock} />
                    <button
                      type="button"
                      className="button button--small"
                      disabled={i === 0}
                      aria-label={`Move variant ${i + 1} up`}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      disabled={i === rows.length - 1}
                      aria-label={`Move variant ${i + 1} down`}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger"
                      disabled={!row.removable || rows.length === 1}
                      title={row.removable ? undefined : 'Ordered before: set its stock to 0 instead'}
                      aria-label={`Remove variant ${i + 1}`}
                      onClick={() => changeRows(rows.filter((r) => r.key !== row.key))}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="button button--small"
        onClick={() => changeRows([...rows, blankRow()])}
        disabled={rows.length >= 20}
      >
        Add variant
      </button>
    </fieldset>
  );
}
