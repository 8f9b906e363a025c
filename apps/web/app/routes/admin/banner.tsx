// One banner's form, new (/admin/banners/new) or existing (/admin/banners/:id): image, an
// optional Hindi image, alt text, optional link, visible, and a start and end typed in India time.
// Checked with the shared schema here and again on the server; saved against the version the form
// loaded.
import { BannerCreate, BannerUpdate } from '@spice/shared/contracts/admin-site';
import { toIstLocal } from '@spice/shared/ist';
import { data, Form, Link, useNavigation } from 'react-router';
import { Bilingual, HINDI_HINT, inEnglish, inHindi } from '../../features/admin/bilingual';
import { Checkbox, Field, ResultMessage, useClientCheck } from '../../features/admin/forms';
import { type ActionResult, requireAdminPage, saveChecked } from '../../features/admin/guard.server';
import { ImageField } from '../../features/admin/image-field';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/banner';

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(params.id === 'new' ? 'Add banner' : 'Edit banner');
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'storefront.manage');
  if (params.id === 'new') return { banner: null };
  const banner = (await services.contentAdmin.listBanners()).find((b) => String(b.id) === params.id);
  if (!banner) throw data(null, { status: 404 });
  return { banner };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'storefront.manage');
  const form = Object.fromEntries(await request.formData());
  const done = '/admin/banners?saved=1';
  if (params.id === 'new') {
    return saveChecked(BannerCreate, form, (input) => services.contentAdmin.createBanner(user, input), done);
  }
  return saveChecked(
    BannerUpdate,
    form,
    (input) => services.contentAdmin.updateBanner(user, Number(params.id), input),
    done,
  );
}

export default function AdminBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner } = loaderData;
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(banner ? BannerUpdate : BannerCreate);
  const errors = { ...(result?.errors ?? {}), ...check.errors };

  return (
    <>
      <p>
        <Link to="/admin/banners">← All banners</Link>
      </p>
      <h1>{banner ? 'Edit banner' : 'Add banner'}</h1>
      <ResultMessage result={result} />
      <Form
        method="post"
        className="admin-panel admin-form admin-form--stacked"
        noValidate
        onSubmit={check.onSubmit}
      >
        {banner ? <input type="hidden" name="version" value={banner.version} /> : null}
        <ImageField
          id="banner-image"
          name="imageUrl"
          label="Banner image"
          kind="banner"
          defaultValue={banner?.imageUrl ?? ''}
          error={errors.imageUrl}
          hint="Wide image, about 1600 × 600 px. An address starting with https://, or a path on this site like /images/banners/sale.webp."
        />
        <ImageField
          id="banner-imageHi"
          name="imageUrlHi"
          label="Banner image in Hindi (optional)"
          kind="banner"
          defaultValue={banner?.imageUrlHi ?? ''}
          error={errors.imageUrlHi}
          hint="Shown on Hindi pages instead of the image above, for a banner with words in its picture. Same size. Left blank, Hindi pages show the image above."
        />
        <Bilingual>
          <Field
            id="banner-alt"
            name="alt"
            label={inEnglish('Description (alt text)')}
            hint="What the banner says, for people using a screen reader and for search engines."
            error={errors.alt}
            input={{ defaultValue: banner?.alt ?? '', maxLength: 200 }}
          />
          <Field
            id="banner-altHi"
            name="altHi"
            label={inHindi('Description (alt text)')}
            hint={`Shown on Hindi pages. ${HINDI_HINT}`}
            error={errors.altHi}
            input={{ defaultValue: banner?.altHi ?? '', maxLength: 200, lang: 'hi' }}
          />
        </Bilingual>
        <Field
          id="banner-link"
          name="linkUrl"
          label="Link (optional)"
          hint="Where a click on the banner goes, like /product/garam-masala. Leave empty for no link."
          error={errors.linkUrl}
          wide
          input={{ defaultValue: banner?.linkUrl ?? '', maxLength: 500 }}
        />
        <Field
          id="banner-start"
          name="startTime"
          label="Starts (IST)"
          hint="Leave empty to start at once."
          error={errors.startTime}
          input={{
            type: 'datetime-local',
            defaultValue: banner?.startTime ? toIstLocal(banner.startTime) : '',
          }}
        />
        <Field
          id="banner-end"
          name="endTime"
          label="Ends (IST)"
          hint="Leave empty to run until you hide it."
          error={errors.endTime}
          input={{ type: 'datetime-local', defaultValue: banner?.endTime ? toIstLocal(banner.endTime) : '' }}
        />
        <Checkbox
          id="banner-visible"
          name="visible"
          label="Visible on the shop"
          defaultChecked={banner?.visible ?? true}
        />
        <div className="admin-form__actions admin-form__wide">
          <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
            {banner ? 'Save banner' : 'Add banner'}
          </button>
          <Link to="/admin/banners" className="button">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
