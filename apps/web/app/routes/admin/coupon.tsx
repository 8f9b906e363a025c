// One coupon's form, new (/admin/coupons/new) or existing (/admin/coupons/:id): code, what the
// shopper reads, percent or flat rupees, cap, minimum cart, validity in India time, limits and
// whether it is on. Checked with the shared schema here and on the server; an edit is saved
// against the version the form loaded and leaves the uses so far as they are.
import { CouponCreate, CouponUpdate } from '@spice/shared/contracts/admin-coupons';
import { COUPON_ROUNDING_RULE } from '@spice/shared/coupons';
import { toIstLocal } from '@spice/shared/ist';
import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Bilingual, HINDI_HINT, inEnglish, inHindi } from '../../features/admin/bilingual';
import { Checkbox, Field, ResultMessage, useClientCheck } from '../../features/admin/forms';
import { type ActionResult, requireAdminPage, saveChecked } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/coupon';

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(params.id === 'new' ? 'Create coupon' : 'Edit coupon');
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  if (params.id === 'new') return { coupon: null };
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  const coupon = (await services.couponsAdmin.list()).find((c) => c.id === id);
  if (!coupon) throw data(null, { status: 404 });
  return { coupon };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const form = Object.fromEntries(await request.formData());
  const done = '/admin/coupons?saved=1';
  if (params.id === 'new') {
    return saveChecked(CouponCreate, form, (input) => services.couponsAdmin.create(user, input), done);
  }
  return saveChecked(
    CouponUpdate,
    form,
    (input) => services.couponsAdmin.update(user, Number(params.id), input),
    done,
  );
}

export default function AdminCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon } = loaderData;
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(coupon ? CouponUpdate : CouponCreate);
  const errors = { ...(result?.errors ?? {}), ...check.errors };
  const [type, setType] = useState<'PERCENT' | 'FLAT'>(coupon?.discountType ?? 'PERCENT');

  return (
    <>
      <p>
        <Link to="/admin/coupons">← All coupons</Link>
      </p>
      <h1>{coupon ? `Edit coupon ${coupon.code}` : 'Create coupon'}</h1>
      {coupon ? (
        <p className="admin-lead">
          Used {coupon.usedCount} {coupon.usedCount === 1 ? 'time' : 'times'} so far ({coupon.redemptions}{' '}
          paid {coupon.redemptions === 1 ? 'order' : 'orders'}). Saving keeps that count.
        </p>
      ) : null}
      <ResultMessage result={result} />
      <Form
        method="post"
        className="admin-panel admin-form admin-form--stacked"
        noValidate
        onSubmit={check.onSubmit}
      >
        {coupon ? <input type="hidden" name="version" value={coupon.version} /> : null}
        <Field
          id="coupon-code"
          name="code"
          label="Code"
          hint="What shoppers type, like DIWALI20. Letters and digits; saved in capitals."
          error={errors.code}
          input={{
            defaultValue: coupon?.code ?? '',
            maxLength: 30,
            autoCapitalize: 'characters',
            spellCheck: false,
          }}
        />
        <Bilingual>
          <Field
            id="coupon-description"
            name="description"
            label={inEnglish('Description shown to shoppers')}
            error={errors.description}
            input={{ defaultValue: coupon?.description ?? '', maxLength: 200 }}
          />
          <Field
            id="coupon-descriptionHi"
            name="descriptionHi"
            label={inHindi('Description shown to shoppers')}
            hint={HINDI_HINT}
            error={errors.descriptionHi}
            input={{ defaultValue: coupon?.descriptionHi ?? '', maxLength: 200, lang: 'hi' }}
          />
        </Bilingual>
        <fieldset className="admin-fieldset admin-form__wide">
          <legend>Discount</legend>
          <div className="admin-radios">
            <label>
              <input
                type="radio"
                name="discountType"
                value="PERCENT"
                checked={type === 'PERCENT'}
                onChange={() => setType('PERCENT')}
              />{' '}
              Percent off
            </label>
            <label>
              <input
                type="radio"
                name="discountType"
                value="FLAT"
                checked={type === 'FLAT'}
                onChange={() => setType('FLAT')}
              />{' '}
              Flat amount off (₹)
            </label>
          </div>
          <span className="field-error">{errors.discountType}</span>
          <div className="admin-form">
            <Field
              id="coupon-value"
              name="discountValue"
              label={type === 'PERCENT' ? 'Percent off (%)' : 'Amount off (₹)'}
              hint={
                type === 'PERCENT'
                  ? `Up to 100, two decimals at most, like 12.5. ${COUPON_ROUNDING_RULE}`
                  : 'Rupees, like 50 or 49.50.'
              }
              error={errors.discountValue}
              input={{ defaultValue: coupon?.discountValue ?? '', inputMode: 'decimal' }}
            />
            {type === 'PERCENT' ? (
              <Field
                id="coupon-cap"
                name="maxDiscount"
                label="Maximum discount (₹, optional)"
                hint="The most it takes off one order. Empty for no cap."
                error={errors.maxDiscount}
                input={{ defaultValue: coupon?.maxDiscount ?? '', inputMode: 'decimal' }}
              />
            ) : null}
            <Field
              id="coupon-min"
              name="minCartValue"
              label="Minimum cart value (₹)"
              hint="Items total before delivery. 0 or empty for any cart."
              error={errors.minCartValue}
              input={{ defaultValue: coupon?.minCartValue ?? '0', inputMode: 'decimal' }}
            />
          </div>
        </fieldset>
        <Field
          id="coupon-from"
          name="validFrom"
          label="Valid from (IST)"
          hint="Empty to start at once."
          error={errors.validFrom}
          input={{
            type: 'datetime-local',
            defaultValue: coupon?.validFrom ? toIstLocal(coupon.validFrom) : '',
          }}
        />
        <Field
          id="coupon-until"
          name="validUntil"
          label="Valid until (IST)"
          hint="Empty for no end date."
          error={errors.validUntil}
          input={{
            type: 'datetime-local',
            defaultValue: coupon?.validUntil ? toIstLocal(coupon.validUntil) : '',
          }}
        />
        <Field
          id="coupon-limit"
          name="usageLimit"
          label="Total uses allowed (optional)"
          hint="Across all shoppers. Empty for no limit."
          error={errors.usageLimit}
          input={{ defaultValue: coupon?.usageLimit ?? '', inputMode: 'numeric' }}
        />
        <Field
          id="coupon-per-user"
          name="perUserLimit"
          label="Uses per shopper (optional)"
          hint="Empty for no limit; 1 for a one-time offer."
          error={errors.perUserLimit}
          input={{ defaultValue: coupon?.perUserLimit ?? '', inputMode: 'numeric' }}
        />
        <Checkbox
          id="coupon-first-order"
          name="firstOrderOnly"
          label="First order only (not for shoppers who have ordered before)"
          defaultChecked={coupon?.firstOrderOnly ?? false}
        />
        <Checkbox
          id="coupon-active"
          name="active"
          label="Active (shoppers can use it)"
          defaultChecked={coupon?.active ?? true}
        />
        <div className="admin-form__actions admin-form__wide">
          <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
            {coupon ? 'Save coupon' : 'Create coupon'}
          </button>
          <Link to="/admin/coupons" className="button">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
