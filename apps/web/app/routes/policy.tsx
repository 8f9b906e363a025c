import { MESSAGES } from '@spice/shared/messages';
import { policyKindForPath } from '@spice/shared/policy';
import { isRouteErrorResponse } from 'react-router';
import { getStorefront } from '../context';
import { seoMeta } from '../seo';
import type { Route } from './+types/policy';

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const title = loaderData?.policy?.title ?? 'Policy';
  return seoMeta({
    title: `${title} | ${root.settings.storeName}`,
    description: `${title} of ${root.settings.storeName}.`,
    origin: root.origin,
    path: location.pathname,
  });
}

// One page for the four policies, chosen by the path (spec section 2).
export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = policyKindForPath(new URL(request.url).pathname);
  const policy = await getStorefront(context).services.content.policy(kind);
  return { kind, policy };
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  if (!policy?.body.trim()) {
    return (
      <main className="page policy">
        <p className="empty">{MESSAGES.policyEmpty}</p>
      </main>
    );
  }
  return (
    <main className="page policy">
      <h1>{policy.title}</h1>
      <p className="policy__updated">
        Last updated{' '}
        {new Date(policy.updatedAt).toLocaleDateString('en-IN', {
          dateStyle: 'long',
          timeZone: 'Asia/Kolkata',
        })}
      </p>
      <PolicyBody text={policy.body} />
    </main>
  );
}

/** Plain text with blank-line paragraphs and '- ' list items, rendered as text (never as HTML). */
function PolicyBody({ text }: { text: string }) {
  return (
    <div className="policy__body">
      {text.split(/\n{2,}/).map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim());
        if (lines.length > 0 && lines.every((l) => l.trimStart().startsWith('- '))) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text blocks never reorder
            <ul key={i}>
              {lines.map((l) => (
                <li key={l}>{l.trimStart().slice(2)}</li>
              ))}
            </ul>
          );
        }
        if (lines.length === 1 && /^#{1,3} /.test(lines[0]!)) {
          // biome-ignore lint/suspicious/noArrayIndexKey: static text blocks never reorder
          return <h2 key={i}>{lines[0]!.replace(/^#{1,3} /, '')}</h2>;
        }
        // biome-ignore lint/suspicious/noArrayIndexKey: static text blocks never reorder
        return <p key={i}>{block}</p>;
      })}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  console.error(isRouteErrorResponse(error) ? error.statusText : error);
  return (
    <main className="page policy">
      <p className="empty">{MESSAGES.policyFailed}</p>
    </main>
  );
}
