import { GrievanceInput } from '@spice/shared/contracts/grievances';
import { localizePath } from '@spice/shared/lang';
import { data, Link, redirect } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { GrievanceForm, type GrievanceFormResult } from '../features/rights/grievance-form';
import { OfficerCard } from '../features/rights/officer-card';
import { metaT, useLocalePath, useT } from '../i18n';
import { langOf, pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import rightsStylesHref from '../styles/rights.css?url';
import type { Route } from './+types/grievance';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: rightsStylesHref }];

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  const store = root.settings.storeName;
  return seoMeta({
    title: t('grievance.metaTitle', { store }),
    description: t('grievance.metaDescription', { store }),
    origin: root.origin,
    lang: root.lang,
    path: '/grievance',
  });
}

// The grievance officer (Consumer Protection (E-Commerce) Rules 2020 rule 4(4)) and the form; a
// signed-in shopper also sees their earlier complaints.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  const [officer, orders, mine] = await Promise.all([
    services.grievances.officer(),
    user ? services.customerOrders.ordersOf(user.id) : [],
    user ? services.grievances.mine(user.id) : [],
  ]);
  return {
    officer,
    user: user ? { mobile: user.mobile } : null,
    orders: orders.map((o) => ({ orderNumber: o.orderNumber, createdAt: String(o.createdAt) })),
    mine: mine.map((g) => ({ ticketNumber: g.ticketNumber, status: g.status, filedAt: g.filedAt })),
    i18n: pageMessages(request, 'grievance'),
  };
}

// Posted with or without JavaScript: the same rules, limit and service as POST /api/grievances.
export async function action({ request, context }: Route.ActionArgs) {
  const { services, limit } = getStorefront(context);
  const user = await currentUser(context);
  const lang = langOf(request);
  const form = await request.formData();
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = {
    orderNumber: read('orderNumber'),
    category: read('category'),
    description: read('description'),
    name: read('name'),
    mobile: read('mobile'),
    email: read('email'),
  };
  const parsed = GrievanceInput.safeParse({
    orderNumber: values.orderNumber,
    category: values.category,
    description: values.description,
    contact: { name: values.name, mobile: values.mobile, email: values.email },
  });
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    return data<GrievanceFormResult>({ errors, values }, { status: 400 });
  }
  try {
    await limit('grievance');
    const filed = await services.grievances.file(parsed.data, { user, lang });
    const token = 'token' in filed ? `&token=${filed.token}` : '';
    return redirect(localizePath(`/grievance/${filed.ticketNumber}?filed=1${token}`, lang));
  } catch (error) {
    const e = error as { statusCode?: number; errors?: Record<string, string>; message?: string };
    if (e.statusCode === 429)
      return data<GrievanceFormResult>({ errors: {}, values, tooMany: true }, { status: 429 });
    if (e.statusCode === 400)
      return data<GrievanceFormResult>({ errors: e.errors ?? {}, values }, { status: 400 });
    throw error;
  }
}

export default function GrievancePage({ loaderData, actionData }: Route.ComponentProps) {
  const { officer, user, orders, mine } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  return (
    <main className="page grievance-page">
      <h1>{t('grievance.title')}</h1>
      <p className="grievance-page__lead">{t('grievance.lead')}</p>
      <OfficerCard officer={officer} />
      {mine.length > 0 ? (
        <section className="grievance-page__mine">
          <h2>{t('grievance.myComplaints')}</h2>
          <ul>
            {mine.map((g) => (
              <li key={g.ticketNumber}>
                <Link to={lp(`/grievance/${g.ticketNumber}`)}>{g.ticketNumber}</Link>{' '}
                <span className={`grievance-status grievance-status--${g.status.toLowerCase()}`}>
                  {t(`grievance.status${g.status}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="grievance-page__card">
        <GrievanceForm action={lp('/grievance')} user={user} orders={orders} result={actionData} />
      </div>
    </main>
  );
}
