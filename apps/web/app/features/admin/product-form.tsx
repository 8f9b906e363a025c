// The product form: name, search keywords, brand, description, slug (checked live), bestseller and active, about
// lines and the variants table (add, remove, move up and down). Texts shoppers read (name,
// description, about lines, weight labels) are edited in English and Hindi side by side. Rows live in React state so they
// can move; the form posts flat fields (variants.0.price, …) that productFromForm turns back into
// the shared schema's shape, on the client before sending and in the action after.
import type { AdminProductDto, SlugCheckDto } from '@spice/shared/contracts/products-admin';
import { ProductCreate, ProductUpdate } from '@spice/shared/contracts/products-admin';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Bilingual, BilingualHeads, HINDI_HINT, inEnglish, inHindi } from './bilingual';
import { Checkbox, Field, FieldError, type FormErrors, fieldErrors } from './forms';

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

interface Row {
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
const blankRow = (): Row => ({
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

function rowsOf(product: AdminProductDto | null): Row[] {
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

/** Live slug feedback: asks the API while the owner types (debounced), never blocks the save. */
function useSlugCheck(slug: string, name: string, productId: number | undefined) {
  const [check, setCheck] = useState<SlugCheckDto | null>(null);
  useEffect(() => {
    if (!slug && !name) return setCheck(null);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const query = new URLSearchParams({ slug, name });
      if (productId) query.set('productId', String(productId));
      try {
        const res = await fetch(`/api/admin/products/slug-check?${query}`, { signal: controller.signal });
        if (res.ok) setCheck((await res.json()) as SlugCheckDto);
      } catch {
        // Aborted by the next keystroke, or offline: the save checks again anyway.
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, name, productId]);
  return check;
}

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
      key: nextKey++,
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
          onClick={() => setAbout((list) => [...list, { key: nextKey++, text: '', hi: '' }])}
          disabled={about.length >= 20}
        >
          Add about line
        </button>
        <FieldError id={`${uid}-about-error`} message={errors.about} />
      </fieldset>

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
