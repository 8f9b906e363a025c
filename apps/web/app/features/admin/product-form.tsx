// The product form: its own fields (product-details.tsx), the About lines (product-about.tsx) and
// the variants table (product-variants.tsx). Texts shoppers read (name, description, about lines,
// weight labels) are edited in English and Hindi side by side. The form posts flat fields
// (variants.0.price, …) that productFromForm (product-form-data.ts) turns back into the shared
// schema's shape, on the client before sending and in the action after.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { DeclarationsFieldset } from './declarations-fields';
import { type FormErrors, fieldErrors } from './forms';
import { AboutFieldset } from './product-about';
import { ProductDetailsFields } from './product-details';
import { productFromForm, productSchemaFor } from './product-form-data';
import { type PartOption, type Row, rowsOf, VariantsFieldset } from './product-variants';

export function ProductForm({
  product,
  serverErrors,
  partOptions,
}: {
  product: AdminProductDto | null;
  serverErrors: FormErrors | undefined;
  /** The variants a combo variant can be made of. */
  partOptions: PartOption[];
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const uid = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(product));
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  // Server errors name rows by position; once rows move they would point at the wrong row.
  const [rowsMoved, setRowsMoved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errors: FormErrors = { ...(rowsMoved ? {} : (serverErrors ?? {})), ...clientErrors };

  function changeRows(next: Row[]) {
    setRows(next);
    setRowsMoved(true);
    setClientErrors({});
  }
  const setCell = (key: number, field: keyof Row, value: string) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    changeRows(next);
  };

  function validate(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = productSchemaFor(form).safeParse(productFromForm(form));
    if (parsed.success) return setClientErrors({});
    event.preventDefault();
    const found = fieldErrors(parsed.error.issues);
    setClientErrors(found);
    const first = Object.keys(found)[0];
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  return (
    <Form
      method="post"
      className="admin-panel admin-product-form"
      noValidate
      onSubmit={validate}
      ref={formRef}
    >
      <input type="hidden" name="intent" value="save" />
      {product ? <input type="hidden" name="version" value={product.version} /> : null}
      <ProductDetailsFields uid={uid} product={product} errors={errors} />

      <AboutFieldset uid={uid} product={product} errors={errors} />

      <VariantsFieldset
        uid={uid}
        rows={rows}
        errors={errors}
        setCell={setCell}
        move={move}
        changeRows={changeRows}
        partOptions={partOptions}
      />

      <DeclarationsFieldset uid={uid} product={product} errors={errors} />

      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {product ? 'Save product' : 'Create product'}
        </button>
        {Object.keys(clientErrors).length > 0 ? (
          <span className="field-error" role="alert">
            Please correct the fields marked above.
          </span>
        ) : null}
      </div>
    </Form>
  );
}
