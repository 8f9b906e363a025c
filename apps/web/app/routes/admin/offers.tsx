// The back office's automatic offers (issue 36): every offer with what it gives and whether it runs
// now, and one form to create an offer or edit one (?edit=id) at the version it loaded: a spend
// threshold's tiers, a buy-x-get-y's products and quantities, a free gift's variant and cart value.
// Checked with the shared schema here and on the server; deleting asks first.
import type { AdminOfferDto } from '@spice/shared/contracts/offers';
import { OfferCreate, OfferUpdate } from '@spice/shared/contracts/offers';
import { toIstLocal } from '@spice/shared/ist';
import { OFFER_TYPES, type OfferType } from '@spice/shared/offers';
import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Bilingual, HINDI_HINT, inEnglish, inHindi } from '../../features/admin/bilingual';
import { Checkbox, Field, FieldError, ResultMessage, useClientCheck } from '../../features/admin/forms';
import { type ActionResult, requireAdminPage, saveChecked } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/offers';

export function meta() {
  return adminMeta('Offers');
}

const TYPE_LABEL: Record<OfferType, string> = {
  SPEND_THRESHOLD: 'Spend threshold',
  BUY_X_GET_Y: 'Buy X get Y',
  FREE_GIFT: 'Free gift',
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  const [offers, snapshot] = await Promise.all([services.offers.list(), services.catalog.snapshot()]);
  const products = [...snapshot.byId.values()].map((p) => ({
    id: p.id,
    name: p.name,
    variants: p.variants.map((v) => ({ id: v.id, weight: v.weight })),
  }));
  const edit = Number(new URL(request.url).searchParams.get('edit'));
  const editing = offers.find((o) => o.id === edit) ?? null;
  if (edit && !editing) throw data(null, { status: 404 });
  return { offers, products, editing };
}

/** The form's dotted names ('tiers.0.value', 'buy.productIds') as the contract's nested object. */
export function offerFormInput(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key === 'intent' || key === 'id') continue;
    const value = key === 'buy.productIds' ? form.getAll(key) : form.get(key);
    const path = key.split('.');
    let at: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else {
        const next = /^\d+$/.test(path[i + 1]!) ? [] : {};
        at[part] ??= next;
        at = at[part] as Record<string, unknown>;
      }
    });
  }
  const type = out.type as OfferType;
  // Only the chosen type's rules go; empty tier rows are dropped.
  if (type !== 'SPEND_THRESHOLD') delete out.tiers;
  else if (Array.isArray(out.tiers))
    out.tiers = (out.tiers as Record<string, string>[]).filter((t) => t && (t.minCartValue || t.value));
  if (type !== 'BUY_X_GET_Y') {
    delete out.buy;
    delete out.get;
  } else if (out.buy && !(out.buy as { productIds?: unknown }).productIds) {
    (out.buy as { productIds: unknown[] }).productIds = [];
  }
  if (type !== 'FREE_GIFT') delete out.gift;
  out.active = form.get('active') === 'on';
  out.combinesWithCoupons = form.get('combinesWithCoupons') === 'on';
  return out;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const form = await request.formData();
  if (form.get('intent') === 'delete') {
    try {
      await services.offers.remove(user, Number(form.get('id')), Number(form.get('version')));
    } catch (error) {
      return data<ActionResult>({ ok: false, message: (error as Error).message }, { status: 409 });
    }
    return redirect('/admin/offers?saved=1');
  }
  const input = offerFormInput(form);
  const id = Number(form.get('id'));
  if (id) {
    return saveChecked(
      OfferUpdate,
      input,
      (i) => services.offers.update(user, id, i),
      '/admin/offers?saved=1',
    );
  }
  return saveChecked(OfferCreate, input, (i) => services.offers.create(user, i), '/admin/offers?saved=1');
}

/** A labelled select with its field error (Field always renders an input of its own). */
function SelectField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <div className="admin-field__control">{children}</div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function summary(o: AdminOfferDto, productName: (id: number) => string, variantName: (id: number) => string) {
  if (o.type === 'SPEND_THRESHOLD')
    return (o.tiers ?? [])
      .map((t) => `₹${t.minCartValue}+: ${t.type === 'PERCENT' ? `${t.value}%` : `₹${t.value}`} off`)
      .join('; ');
  if (o.type === 'BUY_X_GET_Y')
    return `Buy ${o.buy?.quantity}, get ${o.get?.quantity} at ${o.get?.percentOff}% off: ${(o.buy?.productIds ?? []).map(productName).join(', ')}`;
  return `${variantName(o.gift?.variantId ?? 0)} free above ₹${o.gift?.minCartValue}`;
}

export default function AdminOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, products, editing } = loaderData;
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(editing ? OfferUpdate : OfferCreate, offerFormInput);
  const errors = { ...(result?.errors ?? {}), ...check.errors };
  const [type, setType] = useState<OfferType>(editing?.type ?? 'SPEND_THRESHOLD');
  const productName = (id: number) => products.find((p) => p.id === id)?.name ?? `#${id}`;
  const variantName = (id: number) => {
    for (const p of products) {
      const v = p.variants.find((x) => x.id === id);
      if (v) return `${p.name} ${v.weight}`;
    }
    return `#${id}`;
  };
  const tiers = editing?.tiers ?? [];

  return (
    <>
      <h1>Offers</h1>
      <p className="admin-lead">
        Automatic discounts: at most one spend threshold, any buy-x-get-y (each unit counted once) and one
        free gift apply to a cart. A coupon applies beside them only when every applied offer combines with
        coupons; otherwise the shopper gets whichever takes more off.
      </p>
      <ResultMessage result={result} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-offers">
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th>Gives</th>
              <th>Status</th>
              <th>With coupons</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id}>
                <td>
                  {o.name}
                  <br />
                  <small lang="hi">{o.nameHi}</small>
                </td>
                <td>{TYPE_LABEL[o.type]}</td>
                <td>{summary(o, productName, variantName)}</td>
                <td>{o.running ? 'Running' : o.active ? 'Scheduled or ended' : 'Off'}</td>
                <td>{o.combinesWithCoupons ? 'Yes' : 'No'}</td>
                <td>
                  <Link to={`/admin/offers?edit=${o.id}`} className="button button--small">
                    Edit
                  </Link>{' '}
                  <Form
                    method="post"
                    style={{ display: 'inline' }}
                    onSubmit={(e) => {
                      if (!window.confirm(`Delete the offer ${o.name}?`)) e.preventDefault();
                    }}
                  >
                    <input type="hidden" name="id" value={o.id} />
                    <input type="hidden" name="version" value={o.version} />
                    <button type="submit" name="intent" value="delete" className="button button--small">
                      Delete
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{editing ? `Edit offer ${editing.name}` : 'Create offer'}</h2>
      <Form
        method="post"
        key={editing?.id ?? 'new'}
        className="admin-panel admin-form admin-form--stacked"
        noValidate
        onSubmit={check.onSubmit}
      >
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="version" value={editing.version} />
          </>
        ) : null}
        <Bilingual>
          <Field
            id="offer-name"
            name="name"
            label={inEnglish('Name shown to shoppers')}
            error={errors.name}
            input={{ defaultValue: editing?.name ?? '', maxLength: 80 }}
          />
          <Field
            id="offer-nameHi"
            name="nameHi"
            label={inHindi('Name shown to shoppers')}
            hint={HINDI_HINT}
            error={errors.nameHi}
            input={{ defaultValue: editing?.nameHi ?? '', maxLength: 80, lang: 'hi' }}
          />
        </Bilingual>
        <fieldset className="admin-fieldset admin-form__wide">
          <legend>Type</legend>
          <div className="admin-radios">
            {OFFER_TYPES.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />{' '}
                {TYPE_LABEL[value]}
              </label>
            ))}
          </div>
          {type === 'SPEND_THRESHOLD' ? (
            <div className="admin-form">
              <span className="field-error">{errors.tiers}</span>
              {[0, 1, 2].map((i) => (
                <fieldset key={i} className="admin-fieldset">
                  <legend>Tier {i + 1}</legend>
                  <Field
                    id={`tier-${i}-min`}
                    name={`tiers.${i}.minCartValue`}
                    label="From cart value (₹)"
                    error={errors[`tiers.${i}.minCartValue`]}
                    input={{ defaultValue: tiers[i]?.minCartValue ?? '', inputMode: 'decimal' }}
                  />
                  <SelectField id={`tier-${i}-type`} label="Discount" error={errors[`tiers.${i}.type`]}>
                    <select
                      id={`tier-${i}-type`}
                      name={`tiers.${i}.type`}
                      defaultValue={tiers[i]?.type ?? 'PERCENT'}
                    >
                      <option value="PERCENT">Percent off</option>
                      <option value="FLAT">Flat ₹ off</option>
                    </select>
                  </SelectField>
                  <Field
                    id={`tier-${i}-value`}
                    name={`tiers.${i}.value`}
                    label="Percent (1–90) or rupees"
                    error={errors[`tiers.${i}.value`]}
                    input={{ defaultValue: tiers[i]?.value ?? '', inputMode: 'decimal' }}
                  />
                  <Field
                    id={`tier-${i}-cap`}
                    name={`tiers.${i}.maxDiscount`}
                    label="Maximum discount (₹, percent only)"
                    error={errors[`tiers.${i}.maxDiscount`]}
                    input={{ defaultValue: tiers[i]?.maxDiscount ?? '', inputMode: 'decimal' }}
                  />
                </fieldset>
              ))}
            </div>
          ) : null}
          {type === 'BUY_X_GET_Y' ? (
            <div className="admin-form">
              <fieldset className="admin-fieldset admin-form__wide">
                <legend>Products that count</legend>
                <span className="field-error">{errors['buy.productIds'] ?? errors.buy}</span>
                {products.map((p) => (
                  <label key={p.id} style={{ display: 'inline-block', marginRight: 12 }}>
                    <input
                      type="checkbox"
                      name="buy.productIds"
                      value={p.id}
                      defaultChecked={editing?.buy?.productIds.includes(p.id) ?? false}
                    />{' '}
                    {p.name}
                  </label>
                ))}
              </fieldset>
              <Field
                id="buy-quantity"
                name="buy.quantity"
                label="Buy (units)"
                error={errors['buy.quantity']}
                input={{ defaultValue: editing?.buy?.quantity ?? 2, inputMode: 'numeric' }}
              />
              <Field
                id="get-quantity"
                name="get.quantity"
                label="Get (units)"
                error={errors['get.quantity'] ?? errors.get}
                input={{ defaultValue: editing?.get?.quantity ?? 1, inputMode: 'numeric' }}
              />
              <Field
                id="get-percent"
                name="get.percentOff"
                label="Percent off those (100 = free)"
                error={errors['get.percentOff']}
                input={{ defaultValue: editing?.get?.percentOff ?? 100, inputMode: 'numeric' }}
              />
            </div>
          ) : null}
          {type === 'FREE_GIFT' ? (
            <div className="admin-form">
              <SelectField id="gift-variant" label="Gift" error={errors['gift.variantId'] ?? errors.gift}>
                <select id="gift-variant" name="gift.variantId" defaultValue={editing?.gift?.variantId ?? ''}>
                  <option value="">Choose a product and weight</option>
                  {products.flatMap((p) =>
                    p.variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {p.name} {v.weight}
                      </option>
                    )),
                  )}
                </select>
              </SelectField>
              <Field
                id="gift-min"
                name="gift.minCartValue"
                label="From cart value (₹)"
                error={errors['gift.minCartValue']}
                input={{ defaultValue: editing?.gift?.minCartValue ?? '', inputMode: 'decimal' }}
              />
            </div>
          ) : null}
        </fieldset>
        <Field
          id="offer-from"
          name="startsAt"
          label="Starts (IST)"
          hint="Empty to start at once."
          error={errors.startsAt}
          input={{
            type: 'datetime-local',
            defaultValue: editing?.startsAt ? toIstLocal(editing.startsAt) : '',
          }}
        />
        <Field
          id="offer-until"
          name="endsAt"
          label="Ends (IST)"
          hint="Empty for no end."
          error={errors.endsAt}
          input={{ type: 'datetime-local', defaultValue: editing?.endsAt ? toIstLocal(editing.endsAt) : '' }}
        />
        <Checkbox
          id="offer-combines"
          name="combinesWithCoupons"
          label="Combines with coupons"
          defaultChecked={editing?.combinesWithCoupons ?? false}
        />
        <Checkbox id="offer-active" name="active" label="Active" defaultChecked={editing?.active ?? true} />
        <div className="admin-form__actions admin-form__wide">
          <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
            {editing ? 'Save offer' : 'Create offer'}
          </button>
          {editing ? (
            <Link to="/admin/offers" className="button">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
