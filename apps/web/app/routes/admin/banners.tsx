// Banners in the order the home page considers them: the first live one is shown. Each row says
// where the banner stands now (by the storefront's own rule), and can be moved, shown or hidden,
// edited or deleted; every change is saved against the version this page showed.

import type { AdminBannerDto } from '@spice/shared/contracts/admin-site';
import { ReorderInput, VersionQuery } from '@spice/shared/contracts/admin-site';
import { data, Link, useNavigation } from 'react-router';
import { ResultMessage, readOrder } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import { DeleteButton, MoveButtons, RowButton } from '../../features/admin/row-controls';
import type { Route } from './+types/banners';

export function meta() {
  return adminMeta('Banners');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'storefront.manage');
  const url = new URL(request.url);
  return { banners: await services.contentAdmin.listBanners(), saved: url.searchParams.get('saved') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'storefront.manage');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  try {
    if (intent === 'reorder') {
      const parsed = ReorderInput.safeParse({ order: readOrder(form.get('order')) });
      if (!parsed.success)
        return data<ActionResult>({ ok: false, message: 'Please reload the page.' }, { status: 400 });
      await services.contentAdmin.reorderBanners(user, parsed.data);
      return { ok: true, message: 'Order saved. The home page shows the first live banner.' } as ActionResult;
    }
    const version = VersionQuery.safeParse({ version: form.get('version') });
    if (!version.success || !Number.isInteger(id)) {
      return data<ActionResult>({ ok: false, message: 'Please reload the page.' }, { status: 400 });
    }
    if (intent === 'delete') {
      await services.contentAdmin.deleteBanner(user, id, version.data.version);
      return { ok: true, message: 'Banner deleted.' } as ActionResult;
    }
    if (intent === 'show' || intent === 'hide') {
      const banner = (await services.contentAdmin.listBanners()).find((b) => b.id === id);
      if (!banner)
        return data<ActionResult>(
          { ok: false, message: 'That banner was deleted meanwhile.' },
          { status: 404 },
        );
      await services.contentAdmin.updateBanner(user, id, {
        imageUrl: banner.imageUrl,
        alt: banner.alt,
        linkUrl: banner.linkUrl,
        startTime: banner.startTime,
        endTime: banner.endTime,
        visible: intent === 'show',
        version: version.data.version,
      });
      return { ok: true, message: intent === 'show' ? 'Banner shown.' : 'Banner hidden.' } as ActionResult;
    }
    return data<ActionResult>({ ok: false, message: 'Unknown action.' }, { status: 400 });
  } catch (error) {
    return refusal(error);
  }
}

const STATUS_TEXT: Record<AdminBannerDto['status'], string> = {
  live: 'Live now',
  scheduled: 'Scheduled',
  expired: 'Expired',
  hidden: 'Hidden',
};

function windowText(b: AdminBannerDto) {
  if (!b.startTime && !b.endTime) return 'Always, while shown';
  const from = b.startTime ? istDateTime(b.startTime) : 'now';
  const until = b.endTime ? istDateTime(b.endTime) : 'no end';
  return `${from} → ${until}`;
}

export default function AdminBanners({ loaderData, actionData }: Route.ComponentProps) {
  const { banners } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const result =
    (actionData as ActionResult | undefined) ??
    (loaderData.saved
      ? { ok: true, message: 'Banner saved. The home page shows the change now.' }
      : undefined);
  const shown = banners.find((b) => b.onHomePage);

  return (
    <>
      <div className="admin-heading">
        <h1>Banners</h1>
        <Link to="/admin/banners/new" className="button button--primary">
          Add banner
        </Link>
      </div>
      <p className="admin-lead">
        The home page shows the <strong>first live banner</strong> in this list (visible, and now between its
        start and end). New banners are added at the top. Times are India time (IST).{' '}
        {shown ? null : <strong>No banner is live: the home page shows the built-in default image.</strong>}
      </p>
      <ResultMessage result={result} />
      {banners.length === 0 ? (
        <p className="admin-panel">No banners yet.</p>
      ) : (
        <ol className="admin-rows" aria-label="Banners in order">
          {banners.map((b, i) => (
            <li key={b.id} className={`admin-row${b.onHomePage ? ' admin-row--current' : ''}`}>
              <img
                className="admin-row__thumb admin-row__thumb--wide"
                src={b.imageUrl}
                alt=""
                loading="lazy"
              />
              <div className="admin-row__body">
                <p className="admin-row__title">{b.alt}</p>
                <p className="admin-row__meta">
                  <span className={`admin-status admin-status--${b.status}`}>{STATUS_TEXT[b.status]}</span>
                  {b.onHomePage ? (
                    <span className="admin-status admin-status--current">On the home page</span>
                  ) : null}
                  {b.status === 'live' && !b.onHomePage ? (
                    <span className="admin-row__note">Live, but an earlier banner is shown first</span>
                  ) : null}
                </p>
                <p className="admin-row__meta">
                  {windowText(b)}
                  {b.linkUrl ? (
                    <>
                      {' · links to '}
                      <code>{b.linkUrl}</code>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="admin-row__actions">
                <MoveButtons items={banners} index={i} label={`“${b.alt}”`} busy={busy} />
                <Link
                  to={`/admin/banners/${b.id}`}
                  className="button button--small"
                  aria-label={`Edit “${b.alt}”`}
                >
                  Edit
                </Link>
                <RowButton
                  fields={{ id: b.id, version: b.version }}
                  value={b.visible ? 'hide' : 'show'}
                  label={`${b.visible ? 'Hide' : 'Show'} “${b.alt}”`}
                  busy={busy}
                >
                  {b.visible ? 'Hide' : 'Show'}
                </RowButton>
                <DeleteButton
                  fields={{ id: b.id, version: b.version }}
                  label={`Delete “${b.alt}”`}
                  question={`Delete the banner “${b.alt}”? This cannot be undone.`}
                  busy={busy}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
