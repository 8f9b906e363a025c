// The footer's fields (/admin/site): logo, support e-mail and phone, Facebook and Instagram pages
// and extra footer links. They live on the same settings record as the store name, title and
// description (Store texts), so both forms save against that record's one version.
import { FOOTER_LINKS_MAX, FooterEdit } from '@spice/shared/contracts/admin-site';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field, fieldErrors, invalidResult, ResultMessage, useClientCheck } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { ImageField } from '../../features/admin/image-field';
import { adminMeta } from '../../features/admin/meta';
import { SiteTabs } from '../../features/admin/site-tabs';
import type { Route } from './+types/site';

/** Blank link rows offered for new links; rows left blank are not saved. */
const SPARE_LINKS = 2;

export function meta() {
  return adminMeta('Footer & contact');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'storefront.manage');
  const footer = await services.contentAdmin.footer();
  if (!footer) throw data(null, { status: 404 });
  return footer;
}

/** The form's flat fields (links.0.label, …) as the shared schema's shape; blank rows dropped. */
function fromForm(form: FormData) {
  const links: { label: string; labelHi: string; url: string }[] = [];
  for (let i = 0; form.has(`links.${i}.label`); i++) {
    const label = String(form.get(`links.${i}.label`) ?? '').trim();
    const labelHi = String(form.get(`links.${i}.labelHi`) ?? '').trim();
    const url = String(form.get(`links.${i}.url`) ?? '').trim();
    if (label !== '' || labelHi !== '' || url !== '') links.push({ label, labelHi, url });
  }
  const { version, facebookUrl, instagramUrl, phoneNumber, email, logoUrl } = Object.fromEntries(form);
  return { version, facebookUrl, instagramUrl, phoneNumber, email, logoUrl, links };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'storefront.manage');
  const parsed = FooterEdit.safeParse(fromForm(await request.formData()));
  if (!parsed.success)
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  try {
    await services.contentAdmin.updateFooter(user, parsed.data);
    return { ok: true, message: 'Footer saved; the shop shows it now.' } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminSite({ loaderData: f, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const check = useClientCheck(FooterEdit, fromForm);
  const errors = { ...(result?.errors ?? {}), ...check.errors };
  const rows = [...f.links, ...Array.from({ length: SPARE_LINKS }, () => null)].slice(
    0,
    Math.max(f.links.length, FOOTER_LINKS_MAX),
  );

  return (
    <>
      <h1>Site</h1>
      <SiteTabs />
      <p className="admin-lead">
        What the footer of every page shows. The store name and description are under{' '}
        <Link to="/admin/content">Store texts</Link>. Leave a field empty to leave it out of the footer.
      </p>
      <ResultMessage result={result} />
      <Form method="post" className="admin-panel" noValidate onSubmit={check.onSubmit} key={f.version}>
        <input type="hidden" name="version" value={f.version} />
        <h2>Contact support</h2>
        <div className="admin-form admin-form--stacked">
          <Field
            id="footer-email"
            name="email"
            label="Support e-mail"
            error={errors.email}
            input={{ type: 'email', defaultValue: f.email ?? '', maxLength: 120, autoComplete: 'off' }}
          />
          <Field
            id="footer-phone"
            name="phoneNumber"
            label="Support phone"
            hint="As shoppers should read it, like +91 98123 45670."
            error={errors.phoneNumber}
            input={{ type: 'tel', defaultValue: f.phoneNumber ?? '', maxLength: 20 }}
          />
          <Field
            id="footer-facebook"
            name="facebookUrl"
            label="Facebook page"
            hint="Full address, like https://www.facebook.com/yourshop."
            error={errors.facebookUrl}
            input={{ defaultValue: f.facebookUrl ?? '', maxLength: 500, inputMode: 'url' }}
          />
          <Field
            id="footer-instagram"
            name="instagramUrl"
            label="Instagram profile"
            hint="Full address, like https://www.instagram.com/yourshop."
            error={errors.instagramUrl}
            input={{ defaultValue: f.instagramUrl ?? '', maxLength: 500, inputMode: 'url' }}
          />
          <ImageField
            id="footer-logo"
            name="logoUrl"
            label="Footer logo"
            kind="logo"
            hint="Empty for the standard logo. An https:// address or a path on this site."
            error={errors.logoUrl}
            defaultValue={f.logoUrl ?? ''}
          />
        </div>
        <h2>Footer links</h2>
        <p>
          Extra links under ‘Information’, like a wholesale page or a blog. Both text and address are needed;
          the Hindi text is optional (left blank, Hindi pages show the English).
        </p>
        {errors.links ? (
          <p className="field-error" role="alert">
            {errors.links}
          </p>
        ) : null}
        <table className="admin-table admin-table--form">
          <thead>
            <tr>
              <th scope="col">Link text (English)</th>
              <th scope="col">Link text (Hindi)</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((link, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a form, not records
              <tr key={i}>
                <td>
                  <input
                    name={`links.${i}.label`}
                    aria-label={`Link text, row ${i + 1}`}
                    defaultValue={link?.label ?? ''}
                    maxLength={40}
                    aria-invalid={errors[`links.${i}.label`] ? true : undefined}
                    aria-describedby={`links-${i}-label-error`}
                  />
                  <span id={`links-${i}-label-error`} className="field-error">
                    {errors[`links.${i}.label`]}
                  </span>
                </td>
                <td>
                  <input
                    name={`links.${i}.labelHi`}
                    lang="hi"
                    aria-label={`Link text in Hindi, row ${i + 1}`}
                    defaultValue={link?.labelHi ?? ''}
                    maxLength={40}
                    aria-invalid={errors[`links.${i}.labelHi`] ? true : undefined}
                    aria-describedby={`links-${i}-labelHi-error`}
                  />
                  <span id={`links-${i}-labelHi-error`} className="field-error">
                    {errors[`links.${i}.labelHi`]}
                  </span>
                </td>
                <td>
                  <input
                    name={`links.${i}.url`}
                    aria-label={`Link address, row ${i + 1}`}
                    defaultValue={link?.url ?? ''}
                    maxLength={500}
                    inputMode="url"
                    aria-invalid={errors[`links.${i}.url`] ? true : undefined}
                    aria-describedby={`links-${i}-url-error`}
                  />
                  <span id={`links-${i}-url-error`} className="field-error">
                    {errors[`links.${i}.url`]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <button type="submit" className="button button--primary" disabled={navigation.state !== 'idle'}>
            Save footer
          </button>
        </p>
      </Form>
    </>
  );
}
