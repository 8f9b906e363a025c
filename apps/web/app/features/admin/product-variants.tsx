// The product form's variants table: one row per weight with its price, MRP, stock, SKU and grams,
// rows added, removed and moved up and down. Rows live in the form's state so they can move. A row
// may be a combo (decision 0040): its parts are listed under it, its stock comes from theirs, and
// the form suggests the parts' MRPs added up as its MRP and shows what it saves against them.
import { COMBO_MAX_PARTS, comboSaving, suggestedComboMrp } from '@spice/shared/combos';
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { formatRupees, rupeesToPaise } from '@spice/shared/money';
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
  /** A combo's parts; none for a plain variant. */
  parts: PartRow[];
}

export interface PartRow {
  key: number;
  variantId: string;
  quantity: string;
}

/** A variant another product sells, as a combo's part can be chosen from (never a combo itself). */
export interface PartOption {
  variantId: number;
  label: string;
  /** Rupees. */
  price: number;
  mrp: number;
  stock: number;
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
  parts: [],
});

const blankPart = (): PartRow => ({ key: newKey(), variantId: '', quantity: '1' });

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
    parts: v.components.map((c) => ({
      key: newKey(),
      variantId: String(c.variantId),
      quantity: String(c.quantity),
    })),
  }));
}

/** The parts' MRPs added up (the suggested MRP) and what the combo saves against their prices, in paise. */
function comboFigures(row: Row, options: ReadonlyMap<number, PartOption>) {
  const priced = row.parts.flatMap((p) => {
    const option = options.get(Number(p.variantId));
    const quantity = Number(p.quantity);
    if (!option || !Number.isInteger(quantity) || quantity < 1) return [];
    return [{ quantity, pricePaise: rupeesToPaise(option.price), mrpPaise: rupeesToPaise(option.mrp) }];
  });
  const price = Number(row.price);
  return {
    mrpPaise: suggestedComboMrp(priced),
    savingPaise: Number.isFinite(price) && price > 0 ? comboSaving(rupeesToPaise(price), priced) : null,
    partsPaise: priced.reduce((sum, p) => sum + p.pricePaise * p.quantity, 0),
  };
}

export function VariantsFieldset({
  uid,
  rows,
  errors,
  setCell,
  move,
  changeRows,
  partOptions,
}: {
  uid: string;
  rows: Row[];
  errors: FormErrors;
  setCell: (key: number, field: keyof Row, value: string) => void;
  move: (index: number, by: -1 | 1) => void;
  changeRows: (next: Row[]) => void;
  partOptions: PartOption[];
}) {
  const options = new Map(partOptions.map((o) => [o.variantId, o]));
  const setParts = (key: number, parts: PartRow[]) =>
    changeRows(rows.map((r) => (r.key === key ? { ...r, parts } : r)));
  return (
    <fieldset className="admin-fieldset admin-product-form__variants">
      <legend>Variants</legend>
      <p className="admin-hint">
        Prices in rupees with up to two decimals; MRP is never below the price. The first variant’s price is
        shown on product cards. Stock changes are applied on top of sales made since this page loaded. The net
        quantity gives the unit price shoppers see (per 100 g, 100 ml or piece); a new variant with a blank
        weight label takes it from the net quantity, a blank net quantity is read from the label. A combo or
        gift box is a variant made of other products’ variants (2 to 12 parts): its stock is what its parts
        make. The GTIN (the barcode's 8, 12, 13 or 14 digits) is optional; Google's feed says whether one is
        set.
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
              const combo = row.parts.length > 0;
              const figures = combo ? comboFigures(row, options) : null;
              return [
                <tr key={row.key}>
                  {cell('weight', 'Weight', { placeholder: '100 g', maxLength: 30 })}
                  {cell('weightHi', 'Weight in Hindi', {
                    placeholder: '100 ग्राम',
                    maxLength: 30,
                    lang: 'hi',
                  })}
                  {cell('price', 'Price', { inputMode: 'decimal', placeholder: '60' })}
                  {cell('mrp', 'MRP', { inputMode: 'decimal', placeholder: '75' })}
                  {cell(
                    'stock',
                    'Stock',
                    combo
                      ? {
                          inputMode: 'numeric',
                          readOnly: true,
                          title: 'A combo’s stock is what its parts make',
                        }
                      : { inputMode: 'numeric' },
                  )}
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
                </tr>,
                <tr key={`${row.key}-parts`} className="admin-variants__combo">
                  <td colSpan={9}>
                    {combo ? (
                      <fieldset className="admin-combo">
                        <legend>Combo parts of variant {i + 1}</legend>
                        <FieldError
                          id={`${uid}-v${row.key}-parts-error`}
                          message={errors[`variants.${i}.components`]}
                        />
                        {row.parts.map((part, j) => {
                          const field = `variants.${i}.components.${j}`;
                          const error = errors[`${field}.variantId`] ?? errors[`${field}.quantity`];
                          const errorId = `${uid}-v${row.key}-p${part.key}-error`;
                          return (
                            <div key={part.key} className="admin-combo__part">
                              <select
                                name={`${field}.variantId`}
                                value={part.variantId}
                                aria-label={`Part ${j + 1} of variant ${i + 1}`}
                                aria-invalid={errors[`${field}.variantId`] ? true : undefined}
                                aria-describedby={errorId}
                                onChange={(e) =>
                                  setParts(
                                    row.key,
                                    row.parts.map((p) =>
                                      p.key === part.key ? { ...p, variantId: e.currentTarget.value } : p,
                                    ),
                                  )
                                }
                              >
                                <option value="">Choose a part…</option>
                                {partOptions.map((o) => (
                                  <option key={o.variantId} value={o.variantId}>
                                    {o.label} · ₹{o.price} (stock {o.stock})
                                  </option>
                                ))}
                              </select>
                              <input
                                name={`${field}.quantity`}
                                value={part.quantity}
                                inputMode="numeric"
                                aria-label={`Quantity of part ${j + 1} of variant ${i + 1}`}
                                aria-invalid={errors[`${field}.quantity`] ? true : undefined}
                                aria-describedby={errorId}
                                onChange={(e) =>
                                  setParts(
                                    row.key,
                                    row.parts.map((p) =>
                                      p.key === part.key ? { ...p, quantity: e.currentTarget.value } : p,
                                    ),
                                  )
                                }
                              />
                              <button
                                type="button"
                                className="button button--small button--danger"
                                aria-label={`Remove part ${j + 1} of variant ${i + 1}`}
                                onClick={() =>
                                  setParts(
                                    row.key,
                                    row.parts.filter((p) => p.key !== part.key),
                                  )
                                }
                              >
                                Remove
                              </button>
                              <FieldError id={errorId} message={error} />
                            </div>
                          );
                        })}
                        <p className="admin-combo__figures">
                          <span>Parts’ MRPs added up (suggested MRP): {formatRupees(figures!.mrpPaise)}</span>
                          <span>Parts bought separately: {formatRupees(figures!.partsPaise)}</span>
                          {figures!.savingPaise !== null ? (
                            <span>Saving against the parts: {formatRupees(figures!.savingPaise)}</span>
                          ) : null}
                        </p>
                        <span className="admin-combo__actions">
                          <button
                            type="button"
                            className="button button--small"
                            disabled={row.parts.length >= COMBO_MAX_PARTS}
                            onClick={() => setParts(row.key, [...row.parts, blankPart()])}
                          >
                            Add part
                          </button>
                          <button
                            type="button"
                            className="button button--small"
                            disabled={figures!.mrpPaise === 0}
                            onClick={() => setCell(row.key, 'mrp', String(figures!.mrpPaise / 100))}
                          >
                            Use suggested MRP
                          </button>
                        </span>
                      </fieldset>
                    ) : (
                      <button
                        type="button"
                        className="button button--small admin-combo__make"
                        onClick={() => setParts(row.key, [blankPart(), blankPart()])}
                      >
                        Make variant {i + 1} a combo
                      </button>
                    )}
                  </td>
                </tr>,
              ];
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
