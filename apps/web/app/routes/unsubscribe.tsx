// The unsubscribe link of a marketing e-mail (issue 37, decision 0041): `/unsubscribe/{token}`
// turns that channel's offers and reminders off without signing in, records the withdrawal on the
// consent record, and says so. Opening it again is harmless. (Mail clients use the one-click POST
// of the List-Unsubscribe header instead: /api/unsubscribe/{token}, RFC 8058.)
import { AppError } from '@spice/shared/app-error';
import { data, Link } from 'react-router';
import { getStorefront } from '../context';
import { metaT, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import stylesHref from '../styles/delivery-issue.css?url';
import type { Route } from './+types/unsubscribe';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export function meta({ matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `${metaT(matches)('unsubscribe.metaTitle')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: location.pathname,
    noindex: true,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const i18n = pageMessages(request, 'unsubscribe');
  try {
    const { channel } = await services.marketing.unsubscribe(params.token);
    return { channel, i18n };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    return data({ channel: null, i18n }, { status: 404 });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const { channel } = loaderData;
  return (
    <main className="page delivery-issue unsubscribe">
      <h1>{t(channel ? 'unsubscribe.title' : 'unsubscribe.expiredTitle')}</h1>
      <div className="delivery-issue__done" role="status">
        <p>
          {channel
            ? t('unsubscribe.done', { channel: t(`unsubscribe.channel_${channel}`) })
            : t('unsubscribe.expired')}
        </p>
        {channel ? <p>{t('unsubscribe.again')}</p> : null}
      </div>
      <p>
        <Link className="button" to={lp('/profile')}>
          {t('unsubscribe.profile')}
        </Link>
      </p>
    </main>
  );
}
