import { stripLangPrefix } from '@spice/shared/lang';
import { policyKindForPath } from '@spice/shared/policy';
import { isRouteErrorResponse } from 'react-router';
import { getStorefront } from '../context';
import { formatSavedDate } from '../features/content/dates';
import { renderMarkdown } from '../features/content/markdown';
import { metaT, useSpecMessages, useT } from '../i18n';
import { formatters } from '../i18n/format';
import { langOf, pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/policy';

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  const title = loaderData?.policy?.title ?? t('policy.fallbackTitle');
  return seoMeta({
    title: `${title} | ${root.settings.storeName}`,
    description: t('policy.description', { title, store: root.settings.storeName }),
    origin: root.origin,
    path: stripLangPrefix(location.pathname),
    lang: root.lang,
  });
}

// One page for the four policies, chosen by the path (spec section 2). The Markdown is rendered
// here, on the server, so the parser never ships to the shopper's browser.
export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's language: the policy read takes it (i18n-content's `lang` parameter).
  const lang = langOf(request);
  const kind = policyKindForPath(stripLangPrefix(new URL(request.url).pathname));
  const found = await getStorefront(context).services.content.policy(kind, lang);
  const policy = found?.body.trim()
    ? {
        title: found.title,
        html: renderMarkdown(found.body, { topHeading: 2 }),
        savedAt: found.updatedAt,
        savedOn: lang === 'hi' ? formatters('hi').date(found.updatedAt) : formatSavedDate(found.updatedAt),
      }
    : null;
  return { kind, policy, i18n: pageMessages(request, 'policy') };
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  const t = useT();
  const { messages } = useSpecMessages();
  if (!policy) {
    return (
      <main className="page policy">
        <p className="empty">{messages.policyEmpty}</p>
      </main>
    );
  }
  return (
    <main className="page policy">
      <h1>{policy.title}</h1>
      {/* The date the owner last saved this text in the back office. */}
      <p className="policy__updated">
        {t.rich('policy.updated', { date: <time dateTime={policy.savedAt}>{policy.savedOn}</time> })}
      </p>
      {/* Escaped, link-checked HTML from renderMarkdown (see features/content/markdown.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered without raw HTML on the server */}
      <div className="policy__body prose" dangerouslySetInnerHTML={{ __html: policy.html }} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  console.error(isRouteErrorResponse(error) ? error.statusText : error);
  const { messages } = useSpecMessages();
  return (
    <main className="page policy">
      <p className="empty">{messages.policyFailed}</p>
    </main>
  );
}
