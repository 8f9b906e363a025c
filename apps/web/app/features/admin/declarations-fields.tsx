// The back office's declaration fields (decision 0035): the product form's fieldset (its own
// declarations, English and Hindi side by side, blanks taking the shop's defaults) and the party and
// consumer-care fields the default-declarations settings page shares with it.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { type Declarations, NUTRIENTS, type Party } from '@spice/shared/declarations';
import { Bilingual, HINDI_HINT, inEnglish, inHindi } from './bilingual';
import { Checkbox, Field, type FormErrors } from './forms';

const NUTRIENT_LABELS: Record<(typeof NUTRIENTS)[number], string> = {
  energyKcal: 'Energy (kcal)',
  proteinG: 'Protein (g)',
  carbohydrateG: 'Carbohydrate (g)',
  sugarsG: 'of which sugars (g)',
  fatG: 'Total fat (g)',
  sodiumMg: 'Sodium (mg)',
};

/** A text in English and Hindi: `${en}.${key}` and `${hi}.${key}`. */
export function BilingualText({
  uid,
  names,
  label,
  values,
  errors,
  hint,
  max,
  long,
}: {
  uid: string;
  names: [string, string];
  label: string;
  values: [string, string];
  errors: FormErrors;
  hint?: string;
  max: number;
  long?: boolean;
}) {
  const id = (name: string) => `${uid}-${name.replace(/\./g, '-')}`;
  const control = (value: string, lang?: string) =>
    long
      ? { textarea: { defaultValue: value, maxLength: max, rows: 2, lang } }
      : { input: { defaultValue: value, maxLength: max, lang } };
  return (
    <Bilingual>
      <Field
        id={id(names[0])}
        name={names[0]}
        label={inEnglish(label)}
        hint={hint}
        error={errors[names[0]]}
        {...control(values[0])}
      />
      <Field
        id={id(names[1])}
        name={names[1]}
        label={inHindi(label)}
        hint={HINDI_HINT}
        error={errors[names[1]]}
        {...control(values[1], 'hi')}
      />
    </Bilingual>
  );
}

/** A maker, packer or marketer: name and address, each in English and Hindi. */
export function PartyFields({
  uid,
  prefix,
  hiPrefix,
  legend,
  who,
  party,
  partyHi,
  errors,
  hint,
}: {
  uid: string;
  prefix: string;
  hiPrefix: string;
  legend: string;
  /** Names the fields apart from the product's own name: 'Manufacturer' → 'Manufacturer name'. */
  who: string;
  party: Party | null | undefined;
  partyHi: Partial<Party> | undefined;
  errors: FormErrors;
  hint?: string;
}) {
  return (
    <fieldset className="admin-fieldset admin-form__wide">
      <legend>{legend}</legend>
      {hint ? <p className="admin-hint">{hint}</p> : null}
      <BilingualText
        uid={uid}
        names={[`${prefix}.name`, `${hiPrefix}.name`]}
        label={`${who} name`}
        values={[party?.name ?? '', partyHi?.name ?? '']}
        errors={errors}
        max={120}
      />
      <BilingualText
        uid={uid}
        names={[`${prefix}.address`, `${hiPrefix}.address`]}
        label={`${who} address`}
        values={[party?.address ?? '', partyHi?.address ?? '']}
        errors={errors}
        max={300}
        long
      />
    </fieldset>
  );
}

/** Consumer care: phone, e-mail and an address (English and Hindi). */
export function ConsumerCareFields({
  uid,
  prefix,
  hiName,
  care,
  addressHi,
  errors,
}: {
  uid: string;
  prefix: string;
  hiName: string;
  care: Declarations['consumerCare'] | undefined;
  addressHi: string;
  errors: FormErrors;
}) {
  return (
    <fieldset className="admin-fieldset admin-form__wide">
      <legend>Consumer care</legend>
      <div className="admin-form">
        <Field
          id={`${uid}-care-phone`}
          name={`${prefix}.phone`}
          label="Consumer care phone"
          error={errors[`${prefix}.phone`]}
          input={{ defaultValue: care?.phone ?? '', maxLength: 20, inputMode: 'tel' }}
        />
        <Field
          id={`${uid}-care-email`}
          name={`${prefix}.email`}
          label="Consumer care e-mail"
          error={errors[`${prefix}.email`]}
          input={{ defaultValue: care?.email ?? '', maxLength: 120, inputMode: 'email' }}
        />
      </div>
      <BilingualText
        uid={uid}
        names={[`${prefix}.address`, hiName]}
        label="Consumer care address"
        values={[care?.address ?? '', addressHi]}
        errors={errors}
        max={300}
        long
      />
    </fieldset>
  );
}

/** Who made, packed and sells it, where it comes from and whom to call: the fields a shop-wide
 * default can fill, the same on the product form and the Declaration settings page. */
export function WhoFields({
  uid,
  prefix,
  hiPrefix,
  values,
  hi,
  errors,
  hint,
}: {
  uid: string;
  /** Before each English field's name ('declarations.' on the product form, '' in settings). */
  prefix: string;
  hiPrefix: string;
  values:
    | Pick<Declarations, 'countryOfOrigin' | 'manufacturer' | 'packer' | 'marketer' | 'consumerCare'>
    | undefined;
  hi:
    | {
        countryOfOrigin?: string;
        manufacturer?: Partial<Party> | undefined;
        packer?: Partial<Party> | undefined;
        marketer?: Partial<Party> | undefined;
        consumerCareAddress?: string;
      }
    | undefined;
  errors: FormErrors;
  hint?: string;
}) {
  return (
    <>
      <BilingualText
        uid={uid}
        names={[`${prefix}countryOfOrigin`, `${hiPrefix}countryOfOrigin`]}
        label="Country of origin"
        hint={hint}
        values={[values?.countryOfOrigin ?? '', hi?.countryOfOrigin ?? '']}
        errors={errors}
        max={60}
      />
      {PARTIES.map(({ key, who, legend, id }) => (
        <PartyFields
          key={key}
          uid={`${uid}-${id}`}
          prefix={`${prefix}${key}`}
          hiPrefix={`${hiPrefix}${key}`}
          who={who}
          legend={legend}
          party={values?.[key]}
          partyHi={hi?.[key]}
          errors={errors}
          hint={hint}
        />
      ))}
      <ConsumerCareFields
        uid={uid}
        prefix={`${prefix}consumerCare`}
        hiName={`${hiPrefix}consumerCareAddress`}
        care={values?.consumerCare}
        addressHi={hi?.consumerCareAddress ?? ''}
        errors={errors}
      />
    </>
  );
}

const PARTIES = [
  { key: 'manufacturer', who: 'Manufacturer', legend: 'Manufacturer', id: 'm' },
  { key: 'packer', who: 'Packer', legend: 'Packer (if not the manufacturer)', id: 'p' },
  { key: 'marketer', who: 'Marketer', legend: 'Marketer (if any)', id: 'k' },
] as const;

/** The product form's declarations. */
export function DeclarationsFieldset({
  uid,
  product,
  errors,
}: {
  uid: string;
  product: AdminProductDto | null;
  errors: FormErrors;
}) {
  const d = product?.declarations;
  const hi = product?.declarationsHi;
  const n = d?.nutritionPer100g;
  const DEFAULT = "Blank: the shop's default (Declaration settings).";
  return (
    <fieldset className="admin-fieldset admin-product-form__declarations">
      <legend>Declarations (Legal Metrology and FSSAI)</legend>
      <p className="admin-hint">
        What the pack says, shown on the product page. Publishing needs the generic name, ingredients, shelf
        life, every variant's net quantity, and a maker, country of origin, consumer care and FSSAI licence
        (the shop's defaults fill those when left blank).
      </p>
      <BilingualText
        uid={uid}
        names={['declarations.genericName', 'declarationsHi.genericName']}
        label="Generic name"
        hint="What the food is, like 'Turmeric powder' or 'Spice blend (garam masala)'."
        values={[d?.genericName ?? '', hi?.genericName ?? '']}
        errors={errors}
        max={120}
      />
      <Checkbox
        id={`${uid}-veg`}
        name="declarations.veg"
        label="Vegetarian (green veg mark)"
        defaultChecked={d?.veg ?? true}
      />
      <BilingualText
        uid={uid}
        names={['declarations.ingredients', 'declarationsHi.ingredients']}
        label="Ingredients"
        hint="In descending order of weight."
        values={[d?.ingredients ?? '', hi?.ingredients ?? '']}
        errors={errors}
        max={1000}
        long
      />
      <BilingualText
        uid={uid}
        names={['declarations.allergens', 'declarationsHi.allergens']}
        label="Allergens"
        values={[d?.allergens ?? '', hi?.allergens ?? '']}
        errors={errors}
        max={300}
      />
      <Field
        id={`${uid}-shelf`}
        name="declarations.shelfLifeMonths"
        label="Shelf life (months from packing)"
        error={errors['declarations.shelfLifeMonths']}
        input={{ defaultValue: d?.shelfLifeMonths ?? '', inputMode: 'numeric' }}
      />
      <Field
        id={`${uid}-fssai`}
        name="declarations.fssaiLicence"
        label="FSSAI licence number"
        hint={DEFAULT}
        error={errors['declarations.fssaiLicence']}
        input={{ defaultValue: d?.fssaiLicence ?? '', inputMode: 'numeric', maxLength: 14 }}
      />
      <BilingualText
        uid={uid}
        names={['declarations.storage', 'declarationsHi.storage']}
        label="Storage"
        values={[d?.storage ?? '', hi?.storage ?? '']}
        errors={errors}
        max={300}
      />
      <WhoFields
        uid={uid}
        prefix="declarations."
        hiPrefix="declarationsHi."
        values={d}
        hi={hi}
        errors={errors}
        hint={DEFAULT}
      />
      <fieldset className="admin-fieldset admin-form__wide">
        <legend>Nutrition per 100 g</legend>
        <p className="admin-hint">All blank: no nutrition table (FSSAI exempts single-spice products).</p>
        <div className="admin-form">
          {NUTRIENTS.map((key) => (
            <Field
              key={key}
              id={`${uid}-n-${key}`}
              name={`declarations.nutritionPer100g.${key}`}
              label={NUTRIENT_LABELS[key]}
              error={errors[`declarations.nutritionPer100g.${key}`]}
              input={{ defaultValue: n ? String(n[key]) : '', inputMode: 'decimal' }}
            />
          ))}
        </div>
      </fieldset>
      {errors.declarations ? (
        <span className="field-error" role="alert">
          {errors.declarations}
        </span>
      ) : null}
    </fieldset>
  );
}
