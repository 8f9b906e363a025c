// A failed delivery's page (issue 34), opened from the link in the shopper's message without
// signing in: the courier's reason, the address, and the answer: a day for the next attempt (the
// next three days the courier delivers), a landmark, another phone, or cancel. Works without
// JavaScript (a plain form post); the token in the URL is the key (decision record 0034).
import { AppError } from '@spice/shared/app-error';
import { DeliveryIssueAction } from '@spice/shared/contracts/delivery-issues';
import { deliveryDay } from '@spice/shared/delivery';
import { formatPrice } from '@spice/shared/money';
import { data, Form, Link, useNavigation } from 'react-router';
import { getStorefront } from '../context';
import { metaT, useLang, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import stylesHref from '../styles/delivery-issue.css?url';
import type { Route } from './+types/delivery-issue';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  const store = root.settings.storeName;
  return seoMeta({
    title: loaderData?.issue
      ? t('deliveryIssue.metaTitle', { order: loaderData.issue.orderNumber, store })
      : t('deliveryIssue.expiredTitle', { store }),
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: location.pathname,
    noindex: true,
  });
}

async function read(context: Route.LoaderArgs['context'], token: string) {
  const { services } = getStorefront(context);
  try {
    return await services.deliveryIssues.get(token);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const issue = await read(context, params.token);
  const i18n = pageMessages(request, 'delivery-issue');
  return issue ? { issue, i18n } : data({ issue: null, i18n }, { status: 404 });
}

type Refusal = { ok: false; field: 'date' | 'alternatePhone' | 'answered' | 'other'; message: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { services } = getStorefront(context);
  const form = await request.formData();
  const parsed = DeliveryIssueAction.safeParse({
    action: form.get('action'),
    date: form.get('date') ?? undefined,
    landmark: form.get('landmark') ?? undefined,
    alternatePhone: form.get('alternatePhone') ?? undefined,
  });
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path[0];
    const field = path === 'alternatePhone' ? 'alternatePhone' : 'date';
    return data<Refusal>(
      { ok: false, field, message: parsed.error.issues[0]?.message ?? '' },
      { status: 400 },
    );
  }
  try {
    await services.deliveryIssues.answer(params.token, parsed.data);
    return { ok: true as const };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    const field = error.statusCode === 409 ? 'answered' : error.errors?.date ? 'date' : 'other';
    return data<Refusal>({ ok: false, field, message: error.message }, { status: error.statusCode });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export default function DeliveryIssuePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const lp = useLocalePath();
  const busy = useNavigation().state === 'submitting';
  const { issue } = loaderData;
  if (!issue) {
    return (
      <main className="page delivery-issue">
        <h1>{t('deliveryIssue.expiredTitle', { store: '' }).replace(/\s*\|\s*$/, '')}</h1>
        <p>{t('deliveryIssue.expired')}</p>
        <p>
          <Link className="button" to={lp('/orders')}>
            {t('deliveryIssue.myOrders')}
          </Link>
        </p>
      </main>
    );
  }
  const refusal = actionData && !actionData.ok ? (actionData as Refusal) : null;
  const answer = issue.answer;
  const fieldError = (field: Refusal['field']) =>
    refusal?.field === field
      ? t(field === 'alternatePhone' ? 'deliveryIssue.badPhone' : 'deliveryIssue.badDate')
      : null;
  return (
    <main className="page delivery-issue">
      <h1>{t('deliveryIssue.title')}</h1>
      <p className="delivery-issue__lead">
        {t('deliveryIssue.lead', { order: issue.orderNumber, reason: issue.reason })}
      </p>
      <p className="delivery-issue__meta">
        {issue.courier} · {t('deliveryIssue.awb')} {issue.awb} ·{' '}
        {t('deliveryIssue.attempts', { n: issue.attempts })}
      </p>
      <section className="delivery-issue__address" aria-labelledby="di-address">
        <h2 id="di-address">{t('deliveryIssue.address')}</h2>
        <p>
          <strong>{issue.address.name}</strong>
          <br />
          {issue.address.fullAddress}
        </p>
        {issue.codAmount > 0 ? (
          <p>{t('deliveryIssue.codDue', { amount: formatPrice(issue.codAmount) })}</p>
        ) : null}
      </section>

      {answer || issue.status === 'CLOSED' ? (
        <p className="delivery-issue__done" role="status">
          {issue.status === 'CLOSED' && !answer
            ? t('deliveryIssue.closed')
            : answer?.action === 'CANCEL'
              ? t('deliveryIssue.answeredCancel')
              : t('deliveryIssue.answeredReattempt', { date: deliveryDay(answer!.date!, lang) })}
        </p>
      ) : (
        <>
          {refusal?.field === 'answered' || refusal?.field === 'other' ? (
            <p className="delivery-issue__error" role="alert">
              {refusal.field === 'answered' ? t('deliveryIssue.answered') : refusal.message}
            </p>
          ) : null}
          <Form method="post" className="delivery-issue__form" aria-labelledby="di-again">
            <h2 id="di-again">{t('deliveryIssue.againHeading')}</h2>
            <fieldset className="delivery-issue__days">
              <legend>{t('deliveryIssue.dateLabel')}</legend>
              {issue.dates.map((d, i) => (
                <label key={d} className="delivery-issue__day">
                  <input type="radio" name="date" value={d} defaultChecked={i === 0} required />
                  <span>{deliveryDay(d, lang)}</span>
                </label>
              ))}
              {fieldError('date') ? (
                <p className="delivery-issue__error" role="alert">
                  {fieldError('date')}
                </p>
              ) : null}
            </fieldset>
            <label className="delivery-issue__field">
              {t('deliveryIssue.landmark')}
              <input name="landmark" maxLength={120} placeholder={t('deliveryIssue.landmarkHint')} />
            </label>
            <label className="delivery-issue__field">
              {t('deliveryIssue.altPhone')}
              <input
                name="alternatePhone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={14}
                aria-invalid={refusal?.field === 'alternatePhone' || undefined}
              />
            </label>
            {fieldError('alternatePhone') ? (
              <p className="delivery-issue__error" role="alert">
                {fieldError('alternatePhone')}
              </p>
            ) : null}
            <button
              type="submit"
              name="action"
              value="REATTEMPT"
              className="button button--primary"
              disabled={busy}
            >
              {t('deliveryIssue.reattempt')}
            </button>
          </Form>
          <Form method="post" className="delivery-issue__cancel" aria-labelledby="di-cancel">
            <h2 id="di-cancel">{t('deliveryIssue.cancelHeading')}</h2>
            <p>{t('deliveryIssue.cancelNote')}</p>
            <button type="submit" name="action" value="CANCEL" className="button" disabled={busy}>
              {t('deliveryIssue.cancel')}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}
