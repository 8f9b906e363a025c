import { RETENTION, RETENTION_KINDS } from '@spice/shared/retention';
import { CONSENT_COOKIE } from '@spice/shared/tracking-consent';
import { Link } from 'react-router';
import { getStorefront } from '../context';
import { OfficerCard } from '../features/rights/officer-card';
import { type MessageKey, metaT, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { useRootData } from '../root';
import { seoMeta } from '../seo';
import rightsStylesHref from '../styles/rights.css?url';
import type { Route } from './+types/privacy-notice';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: rightsStylesHref }];

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  const store = root.settings.storeName;
  return seoMeta({
    title: t('privacy.metaTitle', { store }),
    description: t('privacy.metaDescription', { store }),
    origin: root.origin,
    lang: root.lang,
    path: '/privacy-notice',
  });
}

// The notice the DPDP Act 2023 s.5 asks for before data is given: what, why, how long, the rights
// and whom to complain to (decision 0036). Fixed text in both languages; the officer from settings.
export async function loader({ request, context }: Route.LoaderArgs) {
  const officer = await getStorefront(context).services.grievances.officer();
  return { officer, i18n: pageMessages(request, 'privacy-notice') };
}

const SECTIONS: [MessageKey, MessageKey[]][] = [
  [
    'privacy.collectedHeading',
    [
      'privacy.collected1',
      'privacy.collected2',
      'privacy.collected3',
      'privacy.collected4',
      'privacy.collected5',
    ],
  ],
  ['privacy.whyHeading', ['privacy.why1', 'privacy.why2', 'privacy.why3', 'privacy.why4']],
  // Then one line per retention period (below).
  ['privacy.howLongHeading', ['privacy.howLong1']],
  [
    'privacy.rightsHeading',
    ['privacy.rights1', 'privacy.rights2', 'privacy.rights3', 'privacy.rights4', 'privacy.rights5'],
  ],
];

export default function PrivacyNotice({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const { settings, tags } = useRootData();
  return (
    <main className="page policy privacy-notice">
      <h1>{t('privacy.title')}</h1>
      <p>{t('privacy.intro', { store: settings.storeName })}</p>
      {SECTIONS.map(([heading, items]) => (
        <section key={heading}>
          <h2>{t(heading)}</h2>
          <ul>
            {items.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
            {/* How long: the periods the retention job applies, from its one table (decision 0036). */}
            {heading === 'privacy.howLongHeading'
              ? RETENTION_KINDS.map((kind) => (
                  <li key={kind}>{t(`privacy.retention.${kind}`, RETENTION[kind])}</li>
                ))
              : null}
          </ul>
        </section>
      ))}
      {/* Withdrawing is as easy as giving (DPDP Act s.6(4)): the choice forgotten, the page loads
          again without any tag and the banner asks afresh (issue 38). Only where tags exist. */}
      {tags ? (
        <p>
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, no store needed
              document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
              window.location.reload();
            }}
          >
            {t('consentBanner.change')}
          </button>
        </p>
      ) : null}
      <OfficerCard officer={loaderData.officer} />
      <p>
        <Link className="button button--outline" to={lp('/grievance')}>
          {t('privacy.fileComplaint')}
        </Link>
      </p>
    </main>
  );
}
