// The footer's 'Also available on:' marketplace links (/admin/site/marketplaces): add, edit,
// move up or down, delete. Each form names the version this page showed.

import type { AdminMarketplaceLinkDto } from '@spice/shared/contracts/admin-site';
import {
  MarketplaceLinkCreate,
  MarketplaceLinkUpdate,
  ReorderInput,
  VersionQuery,
} from '@spice/shared/contracts/admin-site';
import { data, useNavigation } from 'react-router';
import {
  Field,
  fieldErrors,
  ItemForm,
  invalidResult,
  ResultMessage,
  readOrder,
} from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { ImageField } from '../../features/admin/image-field';
import { adminMeta } from '../../features/admin/meta';
import { DeleteButton, MoveButtons } from '../../features/admin/row-controls';
import { SiteTabs } from '../../features/admin/site-tabs';
import type { Route } from './+types/marketplaces';

type Result = ActionResult & { form?: string };

export function meta() {
  return adminMeta('Marketplaces');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'storefront.manage');
  return { links: await services.contentAdmin.listMarketplaceLinks() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'storefront.manage');
  const raw = await request.formData();
  const form = Object.fromEntries(raw);
  const intent = String(form.intent ?? '');
  const which = String(form.form ?? intent);
  const reload = () =>
    data<Result>({ ok: false, form: which, message: 'Please reload the page.' }, { status: 400 });
  try {
    if (intent === 'create' || intent === 'update') {
      const parsed = (intent === 'create' ? MarketplaceLinkCreate : MarketplaceLinkUpdate).safeParse(form);
      if (!parsed.success) {
        return data<Result>(invalidResult(fieldErrors(parsed.error.issues), { form: which }), {
          status: 400,
        });
      }
      if (intent === 'create') await services.contentAdmin.createMarketplaceLink(user, parsed.data);
      else {
        await services.contentAdmin.updateMarketplaceLink(
          user,
          Number(form.id),
          parsed.data as typeof parsed.data & { version: number },
        );
      }
      return {
        ok: true,
        form: which,
        message: `${parsed.data.name} saved; the footer shows it now.`,
      } as Result;
    }
    if (intent === 'reorder') {
      const parsed = ReorderInput.safeParse({ order: readOrder(form.order) });
      if (!parsed.success) return reload();
      await services.contentAdmin.reorderMarketplaceLinks(user, parsed.data);
      return { ok: true, form: which, message: 'Order saved.' } as Result;
    }
    if (intent === 'delete') {
      const version = VersionQuery.safeParse(form);
      if (!version.success) return reload();
      await services.contentAdmin.deleteMarketplaceLink(user, Number(form.id), version.data.version);
      return { ok: true, form: which, message: 'Marketplace link deleted.' } as Result;
    }
    return reload();
  } catch (error) {
    const r = refusal(error);
    return data<Result>({ ...r.data, form: which }, r.init ?? undefined);
  }
}

function LinkForm({
  link,
  result,
  busy,
  resetKey = 0,
}: {
  link: AdminMarketplaceLinkDto | null;
  result: Result | undefined;
  busy: boolean;
  /** Changes after a save, so the add form starts empty again. */
  resetKey?: number;
}) {
  return (
    <ItemForm
      item={link}
      prefix="link"
      schema={link ? MarketplaceLinkUpdate : MarketplaceLinkCreate}
      result={result}
      busy={busy}
      resetKey={resetKey}
      className="admin-form"
      submitLabel={link ? `Save ${link.name}` : 'Add marketplace'}
    >
      {({ id: formId, errors }) => (
        <>
          <Field
            id={`${formId}-name`}
            name="name"
            label="Marketplace name"
            hint="Also the logo’s alt text."
            error={errors.name}
            input={{ defaultValue: link?.name ?? '', maxLength: 60 }}
          />
          <Field
            id={`${formId}-url`}
            name="url"
            label="Your shop’s page there"
            hint="Full address starting with https://."
            error={errors.url}
            wide
            input={{ defaultValue: link?.url ?? '', maxLength: 500, inputMode: 'url' }}
          />
          <ImageField
            id={`${formId}-logo`}
            name="logoUrl"
            label="Logo"
            kind="logo"
            hint="About 120 × 36 px. An https:// address or a path on this site."
            error={errors.logoUrl}
            defaultValue={link?.logoUrl ?? ''}
          />
        </>
      )}
    </ItemForm>
  );
}

export default function AdminMarketplaces({ loaderData, actionData }: Route.ComponentProps) {
  const { links } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const result = actionData as Result | undefined;

  return (
    <>
      <h1>Site</h1>
      <SiteTabs />
      <p className="admin-lead">
        The footer’s ‘Also available on:’ row, in this order. Each logo links to your shop on that
        marketplace.
      </p>
      <ResultMessage result={result} />
      {links.length === 0 ? (
        <p className="admin-panel">No marketplace links: the footer leaves the row out.</p>
      ) : null}
      <ol className="admin-rows" aria-label="Marketplace links in order">
        {links.map((l, i) => (
          <li key={l.id} className="admin-row admin-row--stack">
            <div className="admin-row__line">
              <img
                className="admin-row__thumb admin-row__thumb--logo"
                src={l.logoUrl}
                alt=""
                loading="lazy"
              />
              <div className="admin-row__body">
                <p className="admin-row__title">{l.name}</p>
                <p className="admin-row__meta">
                  <a href={l.url} target="_blank" rel="noopener noreferrer">
                    {l.url}
                  </a>
                </p>
              </div>
              <div className="admin-row__actions">
                <MoveButtons items={links} index={i} label={l.name} busy={busy} />
                <DeleteButton
                  fields={{ id: l.id, version: l.version }}
                  label={`Delete ${l.name}`}
                  question={`Remove ${l.name} from the footer?`}
                  busy={busy}
                />
              </div>
            </div>
            <details className="admin-row__edit" open={result?.form === `link-${l.id}` && !result.ok}>
              <summary>Edit {l.name}</summary>
              <LinkForm link={l} result={result} busy={busy} />
            </details>
          </li>
        ))}
      </ol>
      <section className="admin-panel" aria-labelledby="add-marketplace">
        <h2 id="add-marketplace">Add a marketplace</h2>
        <LinkForm link={null} result={result} busy={busy} resetKey={links.length} />
      </section>
    </>
  );
}
