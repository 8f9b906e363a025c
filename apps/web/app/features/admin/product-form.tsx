// The product form: name, search keywords, brand, description, slug (checked live), bestseller and active, about
// lines and the variants table (add, remove, move up and down). Texts shoppers read (name,
// description, about lines, weight labels) are edited in English and Hindi side by side. Rows live in React state so they
// can move; the form posts flat fields (variants.0.price, …) that productFromForm turns back into
// the shared schema's shape, on the client before sending and in the action after.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Bilingual, BilingualHeads, HINDI_HINT, inEnglish, inHindi } from './bilingual';
import { Checkbox, Field, FieldError, type FormErrors, fieldErrors } from './forms';
import { newRowKey, productFromForm, productSchemaFor, type Row, rowsOf } from './product-form-data';
import { useSlugCheck } from './product-slug-check';
import { VariantsFieldset } from './product-variants';

export function ProductForm({
  product,
  serverErrors,
}: {
  product: AdminProductDto | null;
  serverErrors: FormErrors | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const uid = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(product));
  const [about, setAbout] = useState<{ key: number; text: string; hi: string }[]>(() =>
    (product?.about.length ? product.about : ['']).map((line, i) => ({
      key: newRowKey(),
      text: line,
      hi: product?.aboutHi[i] ?? '',
    })),
  );
  const [name, setName] = useState(product?.name ?? '');
  const [slug, setSlug] = useState(product?.slug ?? '');
  const [clientErrors, setClientErrors] = useState<FormErrors>({});
  // Server errors name rows by position; once rows move they would point at the wrong row.
  const [rowsMoved, setRowsMoved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const slugCheck = useSlugCheck(slug, name, product?.id);

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

  const slugHint = (() => {
    if (!slugCheck) return 'Lowercase letters, digits and hyphens; the product’s address is /product/<slug>.';
    if (slug === '') return `Left empty, it will be ${slugCheck.suggestion}.`;
    if (slugCheck.slug !== slug) return 'Checking…';
    return slugCheck.available ? `✓ /product/${slug} is free.` : null;
  })();
  const slugProblem = slugCheck && slugCheck.slug === slug && !slugCheck.available ? slugCheck.message : null;

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
      <div className="admin-form admin-form--stacked">
        <Bilingual>
          <Field
            id={`${uid}-name`}
            name="name"
            label={inEnglish('Name')}
            error={errors.name}
            input={{
              value: name,
              onChange: (e) => setName(e.currentTarget.value),
              maxLength: 120,
              required: true,
            }}
          />
          <Field
            id={`${uid}-nameHi`}
            name="nameHi"
            label={inHindi('Name')}
            hint="In Devanagari, like हल्दी पाउडर; search finds the product by it too. Left blank, Hindi pages show the English."
            error={errors.nameHi}
            input={{ defaultValue: product?.nameHi ?? '', maxLength: 120, lang: 'hi' }}
          />
        </Bilingual>
        <Field
          id={`${uid}-searchKeywords`}
          name="searchKeywords"
          label="Search keywords"
          hint="Other names shoppers type for it, comma-separated: haldi powder, pisi haldi, curcumin."
          wide
          error={
            errors.searchKeywords ??
            Object.entries(errors).find(([key]) => key.startsWith('searchKeywords.'))?.[1]
          }
          input={{ defaultValue: product?.searchKeywords.join(', ') ?? '', maxLength: 2000 }}
        />
        <Field
          id={`${uid}-brand`}
          name="brand"
          label="Brand"
          error={errors.brand}
          input={{ defaultValue: product?.brand ?? 'Kesar Chakki', maxLength: 80 }}
        />
        <Field
          id={`${uid}-slug`}
          name="slug"
          label="Slug"
          hint={slugHint}
          error={errors.slug ?? slugProblem ?? undefined}
          input={{
            value: slug,
            onChange: (e) => setSlug(e.currentTarget.value.trim().toLowerCase()),
            maxLength: 120,
            autoCapitalize: 'off',
            spellCheck: false,
          }}
        >
          {slugCheck && slugCheck.suggestion !== slug && (slug === '' || !slugCheck.available) ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => setSlug(slugCheck.suggestion)}
            >
              Use {slugCheck.suggestion}
            </button>
          ) : null}
        </Field>
        <Bilingual>
          <Field
            id={`${uid}-description`}
            name="description"
            label={inEnglish('Description')}
            error={errors.description}
            textarea={{ defaultValue: product?.description ?? '', rows: 5, maxLength: 5000 }}
          />
          <Field
            id={`${uid}-descriptionHi`}
            name="descriptionHi"
            label={inHindi('Description')}
            hint={HINDI_HINT}
            error={errors.descriptionHi}
            textarea={{ defaultValue: product?.descriptionHi ?? '', rows: 5, maxLength: 5000, lang: 'hi' }}
          />
        </Bilingual>
        <Field
          id={`${uid}-hsnCode`}
          name="hsnCode"
          label="HSN code"
          hint="4, 6 or 8 digits; spice mixtures are 0910."
          error={errors.hsnCode}
          input={{ defaultValue: product?.hsnCode ?? '', inputMode: 'numeric', maxLength: 8 }}
        />
        <Field
          id={`${uid}-gstRate`}
          name="gstRate"
          label="GST rate (%)"
          hint="Prices include it. Blank: 5%."
          error={errors.gstRate}
          input={{ defaultValue: product?.gstRate ?? '', inputMode: 'decimal' }}
        />
        <Checkbox
          id={`${uid}-active`}
          name="active"
          label="Active: listed in the shop"
          defaultChecked={product?.active ?? true}
        />
        <Checkbox
          id={`${uid}-bestseller`}
          name="bestseller"
          label="Show the Bestseller tag"
          defaultChecked={product?.bestseller ?? false}
        />
      </div>

      <fieldset className="admin-fieldset admin-product-form__about">
        <legend>About lines</legend>
        <p className="admin-hint">
          Shown as the product page’s collapsible About list, one line each, with its Hindi beside it (a blank
          Hindi line shows the English one).
        </p>
        <BilingualHeads />
        <ol className="admin-about admin-about--pairs">
          {about.map((line, i) => {
            const edit = (field: 'text' | 'hi', value: string) =>
              setAbout((list) => list.map((l) => (l.key === line.key ? { ...l, [field]: value } : l)));
            return (
              <li key={line.key}>
                <input
                  name="about"
                  value={line.text}
                  maxLength={300}
                  aria-label={`About line ${i + 1} (English)`}
                  aria-invalid={errors[`about.${i}`] ? true : undefined}
                  onChange={(e) => edit('text', e.currentTarget.value)}
                />
                <input
                  name="aboutHi"
                  lang="hi"
                  value={line.hi}
                  maxLength={300}
                  aria-label={`About line ${i + 1} (Hindi)`}
                  aria-invalid={errors[`aboutHi.${i}`] ? true : undefined}
                  onChange={(e) => edit('hi', e.currentTarget.value)}
                />
                <span className="admin-about__actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Remove about line ${i + 1}`}
                    onClick={() => setAbout((list) => list.filter((l) => l.key !== line.key))}
                  >
                    Remove
                  </button>
                </span>
                <FieldError
                  id={`${uid}-about-${i}-error`}
                  message={errors[`about.${i}`] ?? errors[`aboutHi.${i}`]}
                />
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="button button--small"
          onClick={() => setAbout((list) => [...list, { key: newRowKey(), text: '', hi: '' }])}
          disabled={about.length >= 20}
        >
          Add about line
        </button>
        <FieldError id={`${uid}-about-error`} message={errors.about} />
      </fieldset>

      <VariantsFieldset
        uid={uid}
        errors={errors}
        rows={rows}
        setCell={setCell}
        move={move}
        changeRows={changeRows}
      />

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
