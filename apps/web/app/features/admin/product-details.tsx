// The product form's own fields: name, search keywords, brand, slug (checked live), description,
// tax, active and bestseller. Texts shoppers read are edited in English and Hindi side by side.
import type { AdminProductDto, SlugCheckDto } from '@spice/shared/contracts/products-admin';
import { useEffect, useState } from 'react';
import { Bilingual, HINDI_HINT, inEnglish, inHindi } from './bilingual';
import { Checkbox, Field, type FormErrors } from './forms';

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

export function ProductDetailsFields({
  uid,
  product,
  errors,
}: {
  uid: string;
  product: AdminProductDto | null;
  errors: FormErrors;
}) {
  const [name, setName] = useState(product?.name ?? '');
  const [slug, setSlug] = useState(product?.slug ?? '');
  const slugCheck = useSlugCheck(slug, name, product?.id);

  const slugHint = (() => {
    if (!slugCheck) return 'Lowercase letters, digits and hyphens; the product’s address is /product/<slug>.';
    if (slug === '') return `Left empty, it will be ${slugCheck.suggestion}.`;
    if (slugCheck.slug !== slug) return 'Checking…';
    return slugCheck.available ? `✓ /product/${slug} is free.` : null;
  })();
  const slugProblem = slugCheck && slugCheck.slug === slug && !slugCheck.available ? slugCheck.message : null;

  return (
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
  );
}
