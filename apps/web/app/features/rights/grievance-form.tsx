// The grievance form (issue 35): a plain form posted to /grievance (works without JavaScript),
// whose action files it through the same service as POST /api/grievances. Signed-in shoppers pick
// one of their orders and reply to their account's contact; others type their name and mobile.
import { GRIEVANCE_TEXTS } from '@spice/shared/contracts/grievances';
import { GRIEVANCE_CATEGORIES } from '@spice/shared/grievances';
import { formatMobile } from '@spice/shared/validators';
import { Form, useNavigation } from 'react-router';
import { type MessageKey, useT } from '../../i18n';

export interface GrievanceFormResult {
  errors: Record<string, string>;
  values: Record<string, string>;
  tooMany?: boolean;
}

const ERROR_KEYS: Record<string, MessageKey> = {
  [GRIEVANCE_TEXTS.description]: 'grievance.errDescription',
  [GRIEVANCE_TEXTS.descriptionTooLong]: 'grievance.errDescription',
  [GRIEVANCE_TEXTS.name]: 'grievance.errName',
  [GRIEVANCE_TEXTS.mobile]: 'grievance.errMobile',
  [GRIEVANCE_TEXTS.email]: 'grievance.errEmail',
  [GRIEVANCE_TEXTS.notYourOrder]: 'grievance.errOrder',
};

export function GrievanceForm(props: {
  action: string;
  user: { mobile: string } | null;
  orders: { orderNumber: string; createdAt: string }[];
  result: GrievanceFormResult | undefined;
}) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  const values = props.result?.values ?? {};
  const errors = props.result?.errors ?? {};
  const say = (field: string) => {
    const english = errors[field];
    if (!english) return null;
    const key = ERROR_KEYS[english];
    return (
      <p className="field__error" id={`grievance-${field}-error`} role="alert">
        {key ? t(key) : english}
      </p>
    );
  };
  return (
    <Form method="post" action={props.action} className="grievance-form" noValidate>
      <h2>{t('grievance.formHeading')}</h2>
      {props.result?.tooMany ? (
        <p className="form-error" role="alert">
          {t('grievance.tooMany')}
        </p>
      ) : null}
      {props.user ? (
        <label className="field">
          <span>{t('grievance.order')}</span>
          <select name="orderNumber" defaultValue={values.orderNumber ?? ''}>
            <option value="">{t('grievance.orderNone')}</option>
            {props.orders.map((o) => (
              <option key={o.orderNumber} value={o.orderNumber}>
                {o.orderNumber}
              </option>
            ))}
          </select>
          {say('orderNumber')}
        </label>
      ) : (
        <label className="field">
          <span>{t('grievance.orderNumber')}</span>
          <input
            name="orderNumber"
            defaultValue={values.orderNumber ?? ''}
            maxLength={40}
            autoComplete="off"
          />
          {say('orderNumber')}
        </label>
      )}
      <label className="field">
        <span>{t('grievance.category')}</span>
        <select name="category" defaultValue={values.category ?? 'DELIVERY'}>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`grievance.category${c}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('grievance.description')}</span>
        <textarea
          name="description"
          rows={5}
          maxLength={4000}
          required
          defaultValue={values.description ?? ''}
        />
        {say('description')}
      </label>
      {props.user ? (
        <p className="grievance-form__reply-to">
          {t('grievance.replyTo', { mobile: formatMobile(props.user.mobile) })}
        </p>
      ) : (
        <>
          <label className="field">
            <span>{t('grievance.name')}</span>
            <input
              name="name"
              autoComplete="name"
              maxLength={100}
              required
              defaultValue={values.name ?? ''}
            />
            {say('contact.name')}
          </label>
          <label className="field">
            <span>{t('grievance.mobile')}</span>
            <input
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              required
              defaultValue={values.mobile ?? ''}
            />
            {say('contact.mobile')}
          </label>
        </>
      )}
      <label className="field">
        <span>{t('grievance.email')}</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={values.email ?? ''}
        />
        {say('contact.email')}
      </label>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('grievance.submitting') : t('grievance.submit')}
      </button>
    </Form>
  );
}
