// The product form's variants table: weight (English and Hindi), price, MRP, stock, SKU and grams
// per row; rows move up and down, and a variant ordered before cannot be removed.
import { FieldError, type FormErrors } from './forms';
import { blankRow, type Row } from './product-form-data';

export function VariantsFieldset({
  uid,
  errors,
  rows,
  setCell,
  move,
  changeRows,
}: {
  uid: string;
  errors: FormErrors;
  rows: Row[];
  setCell: (key: number, field: keyof Row, value: string) => void;
  move: (index: number, by: -1 | 1) => void;
  changeRows: (next: Row[]) => void;
}) {
  return (
    <fieldset className="admin-fieldset admin-product-form__variants">
      <legend>Variants</legend>
      <p className="admin-hint">
        Prices in rupees with up to two decimals; MRP is never below the price. The first variant’s price is
        shown on product cards. Stock changes are applied on top of sales made since this page loaded.
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
              <th scope="col">
                <span className="visually-hidden">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const cell = (
                field: 'weight' | 'weightHi' | 'price' | 'mrp' | 'stock' | 'sku' | 'grams',
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
