// Default declarations (issue 35, decision 0035): the maker, packer, marketer, country of origin,
// consumer care and FSSAI licence every product shows when it leaves them empty, in English and
// Hindi. Audited; the storefront shows a save at once (the catalogue snapshot is rebuilt).
import { DeclarationDefaultsEdit } from '@spice/shared/contracts/declarations';
import { data, Form, Link, useNavigation } from 'react-router';
import { WhoFields } from '../../features/admin/declarations-fields';
import { nestedFromForm } from '../../features/admin/declarations-form-data';
import { Field, fieldErrors, invalidResult, ResultMessage } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import type { Route } from './+types/declaration-settings';

export function meta() {
  return adminMeta('Declaration settings');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'settings.legal');
  return services.declarationDefaults.get();
}

/** The posted fields as the schema's nested input. */
function defaultsFromForm(form: FormData) {
  const group = (name: string) => nestedFromForm(form, name);
  return {
    manufacturer: group('manufacturer'),
    packer: group('packer'),
    marketer: group('marketer'),
    consumerCare: group('consumerCare'),
    countryOfOrigin: String(form.get('countryOfOrigin') ?? ''),
    fssaiLicence: String(form.get('fssaiLicence') ?? ''),
    hi: group('hi'),
    version: String(form.get('version') ?? ''),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'settings.legal');
  const parsed = DeclarationDefaultsEdit.safeParse(defaultsFromForm(await request.formData()));
  if (!parsed.success) {
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  }
  try {
    await services.declarationDefaults.update(user, parsed.data);
    return {
      ok: true,
      message: 'Declaration settings saved; products without their own show them now.',
    } as ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminDeclarationSettings({ loaderData: s, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const uid = 'decl';
  return (
    <>
      <p>
        <Link to="/admin/products">← Products</Link>
      </p>
      <h1>Declaration settings</h1>
      <p>
        Every product page shows what the pack declares (Legal Metrology and FSSAI rules). A product that
        leaves its maker, packer, marketer, country of origin, consumer care or FSSAI licence blank shows
        these.
      </p>
      <ResultMessage result={result} />
      <Form method="post" className="admin-panel" noValidate key={s.version}>
        <input type="hidden" name="version" value={s.version} />
        <div className="admin-form">
          <Field
            id="fssaiLicence"
            name="fssaiLicence"
            label="FSSAI licence number"
            hint="14 digits. The footer of every page shows it."
            error={errors.fssaiLicence}
            input={{ defaultValue: s.fssaiLicence, inputMode: 'numeric', maxLength: 14 }}
          />
          <WhoFields uid={uid} prefix="" hiPrefix="hi." values={s} hi={s.hi} errors={errors} />
        </div>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Save declaration settings
        </button>
      </Form>
    </>
  );
}
