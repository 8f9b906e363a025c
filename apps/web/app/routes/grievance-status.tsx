import { TICKET_PATTERN } from '@spice/shared/grievances';
import { Link } from 'react-router';
import { currentUser, getStorefront } from '../context';
import { metaT, useFormat, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import rightsStylesHref from '../styles/rights.css?url';
import type { Route } from './+types/grievance-status';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: rightsStylesHref }];

export function meta({ matches, params }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: metaT(matches)('grievance.statusMetaTitle', {
      ticket: params.ticketNumber,
      store: root.settings.storeName,
    }),
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: `/grievance/${params.ticketNumber}`,
    noindex: true,
  });
}

// A ticket for its shopper, or for whoever opened the acknowledgement's link (its token); anyone
// else gets the 'not found' text, never a hint that the ticket exists.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  const url = new URL(request.url);
  const filed = url.searchParams.get('filed') === '1';
  const i18n = pageMessages(request, 'grievance-status');
  if (!TICKET_PATTERN.test(params.ticketNumber)) return { grievance: null, filed, i18n };
  try {
    const grievance = await services.grievances.find(params.ticketNumber, {
      userId: user?.id ?? null,
      token: url.searchParams.get('token'),
    });
    return { grievance, filed, i18n };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return { grievance: null, filed, i18n };
    throw error;
  }
}

export default function GrievanceStatus({ loaderData }: Route.ComponentProps) {
  const { grievance, filed } = loaderData;
  const t = useT();
  const f = useFormat();
  const lp = useLocalePath();
  if (!grievance) {
    return (
      <main className="page grievance-page">
        <p className="empty">{t('grievance.notFound')}</p>
        <Link to={lp('/grievance')}>{t('grievance.backToForm')}</Link>
      </main>
    );
  }
  const g = grievance;
  const open = g.status === 'OPEN' || g.status === 'ACKNOWLEDGED';
  return (
    <main className="page grievance-page">
      {filed ? (
        <div className="grievance-page__filed" role="status">
          <h2>{t('grievance.filedTitle')}</h2>
          <p>
            {t('grievance.filedText', {
              ticket: g.ticketNumber,
              ack: f.dateTime(g.acknowledgeBy),
              resolve: f.date(g.resolveBy),
            })}
          </p>
        </div>
      ) : null}
      {/* The ticket number on one line (a 360 px screen broke it at its hyphen). */}
      <h1>
        {t.rich('grievance.statusTitle', {
          ticket: <span className="grievance-page__ticket">{g.ticketNumber}</span>,
        })}
      </h1>
      <p>
        <span
          className={`grievance-status grievance-status--${g.status.toLowerCase()}`}
          data-testid="grievance-status"
        >
          {t(`grievance.status${g.status}`)}
        </span>
      </p>
      <ul className="grievance-page__dates">
        <li>{t('grievance.filedOn', { date: f.dateTime(g.filedAt) })}</li>
        {g.status === 'OPEN' ? (
          <li>{t('grievance.acknowledgeBy', { date: f.dateTime(g.acknowledgeBy) })}</li>
        ) : null}
        {open ? <li>{t('grievance.resolveBy', { date: f.date(g.resolveBy) })}</li> : null}
      </ul>
      <section>
        <h2>{t('grievance.yourComplaint')}</h2>
        <p className="grievance-page__meta">
          {t(`grievance.category${g.category}`)}
          {g.orderNumber ? ` · ${t('grievance.aboutOrder', { order: g.orderNumber })}` : ''}
        </p>
        <p className="grievance-page__text">{g.description}</p>
      </section>
      <section>
        <h2>{t('grievance.replies')}</h2>
        {g.replies.length === 0 ? (
          <p>{t('grievance.noReplies', { date: f.dateTime(g.acknowledgeBy) })}</p>
        ) : (
          <ol className="grievance-page__replies">
            {g.replies.map((r) => (
              <li key={r.createdAt}>
                <p className="grievance-page__meta">
                  {f.dateTime(r.createdAt)} · {t(`grievance.status${r.status}`)}
                </p>
                <p className="grievance-page__text">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p>
        <Link to={lp('/grievance')}>{t('grievance.backToForm')}</Link>
      </p>
    </main>
  );
}
