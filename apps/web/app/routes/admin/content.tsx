import { PolicyEdit, SettingsEdit } from '@spice/shared/contracts/admin';
import { POLICY_KINDS, POLICY_PATHS, type PolicyKind } from '@spice/shared/policy';
import { type FormEvent, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { Bilingual, HINDI_HINT } from '../../features/admin/bilingual';
import { topFieldErrors } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { MarkdownField } from '../../features/admin/markdown-field';
import { adminMeta, istDateTime } from '../../features/admin/meta';
import type { Route } from './+types/content';

type Result = ActionResult & { form?: string };

export function meta() {
  return adminMeta('Store texts');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'storefront.manage');
  const [policies, settings] = await Promise.all([
    services.content.adminPolicies(),
    services.content.adminSettings(),
  ]);
  return { policies, settings };
}

const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  topFieldErrors(issues, 'form');

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'storefront.manage');
  const form = Object.fromEntries(await request.formData());
  const which = String(form.form ?? '');
  const invalid = (errors: Record<string, string>) =>
    data<Result>(
      { ok: false, form: which, message: Object.values(errors)[0] ?? 'Please check the form.', errors },
      { status: 400 },
    );
  try {
    if (which === 'settings') {
      const parsed = SettingsEdit.safeParse(form);
      if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
      await services.contentEditing.updateSettings(user, parsed.data);
      return { ok: true, form: which, message: 'Store details saved.' } as Result;
    }
    const kind = POLICY_KINDS.find((k) => `policy-${k}` === which);
    if (!kind) return invalid({ form: 'Unknown form.' });
    const parsed = PolicyEdit.safeParse(form);
    if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
    await services.contentEditing.updatePolicy(user, kind, parsed.data);
    return { ok: true, form: which, message: 'Policy saved; the shop shows it now.' } as Result;
  } catch (error) {
    const r = refusal(error);
    return data<Result>({ ...r.data, form: which }, r.init ?? undefined);
  }
}

function FormMessage({ result, form }: { result: Result | undefined; form: string }) {
  if (result?.form !== form) return null;
  return (
    <p className={`admin-message ${result.ok ? '' : 'admin-message--error'}`} role="status">
      {result.message}
    </p>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field-error">
      {message}
    </span>
  ) : null;
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { policies, settings } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const result = actionData as Result | undefined;
  const [clientErrors, setClientErrors] = useState<{ form: string; errors: Record<string, string> } | null>(
    null,
  );
  const errorsFor = (form: string) => ({
    ...(result?.form === form ? (result.errors ?? {}) : {}),
    ...(clientErrors?.form === form ? clientErrors.errors : {}),
  });

  // The shared schemas check the form before it is sent; the server checks again.
  const validate =
    (form: string, schema: typeof PolicyEdit | typeof SettingsEdit) =>
    (event: FormEvent<HTMLFormElement>) => {
      const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
      if (parsed.success) return setClientErrors(null);
      event.preventDefault();
      setClientErrors({ form, errors: fieldErrors(parsed.error.issues) });
    };

  const s = errorsFor('settings');
  return (
    <>
      <h1>Store texts</h1>
      {settings ? (
        <section className="admin-panel" aria-labelledby="store-details">
          <h2 id="store-details">Store name, title and description</h2>
          <FormMessage result={result} form="settings" />
          <Form
            method="post"
            className="admin-form"
            noValidate
            onSubmit={validate('settings', SettingsEdit)}
            key={`settings-${settings.version}`}
          >
            <input type="hidden" name="form" value="settings" />
            <input type="hidden" name="version" value={settings.version} />
            <Bilingual>
              <label>
                Store name (English)
                <input
                  name="storeName"
                  defaultValue={settings.storeName}
                  maxLength={80}
                  aria-invalid={s.storeName ? true : undefined}
                  aria-describedby="settings-storeName-error"
                />
                <FieldError id="settings-storeName-error" message={s.storeName} />
              </label>
              <label>
                Store name (Hindi)
                <input
                  name="storeNameHi"
                  lang="hi"
                  defaultValue={settings.storeNameHi}
                  maxLength={80}
                  aria-invalid={s.storeNameHi ? true : undefined}
                  aria-describedby="settings-storeNameHi-hint settings-storeNameHi-error"
                />
                <small id="settings-storeNameHi-hint" className="admin-hint">
                  {HINDI_HINT}
                </small>
                <FieldError id="settings-storeNameHi-error" message={s.storeNameHi} />
              </label>
            </Bilingual>
            <Bilingual>
              <label>
                Page title (search results and browser tab) (English)
                <input
                  name="title"
                  defaultValue={settings.title}
                  maxLength={160}
                  aria-invalid={s.title ? true : undefined}
                  aria-describedby="settings-title-error"
                />
                <FieldError id="settings-title-error" message={s.title} />
              </label>
              <label>
                Page title (search results and browser tab) (Hindi)
                <input
                  name="titleHi"
                  lang="hi"
                  defaultValue={settings.titleHi}
                  maxLength={160}
                  aria-invalid={s.titleHi ? true : undefined}
                  aria-describedby="settings-titleHi-hint settings-titleHi-error"
                />
                <small id="settings-titleHi-hint" className="admin-hint">
                  {HINDI_HINT}
                </small>
                <FieldError id="settings-titleHi-error" message={s.titleHi} />
              </label>
            </Bilingual>
            <Bilingual>
              <label>
                Description (search results) (English)
                <textarea
                  name="description"
                  rows={3}
                  defaultValue={settings.description}
                  maxLength={320}
                  aria-invalid={s.description ? true : undefined}
                  aria-describedby="settings-description-error"
                />
                <FieldError id="settings-description-error" message={s.description} />
              </label>
              <label>
                Description (search results) (Hindi)
                <textarea
                  name="descriptionHi"
                  lang="hi"
                  rows={3}
                  defaultValue={settings.descriptionHi}
                  maxLength={320}
                  aria-invalid={s.descriptionHi ? true : undefined}
                  aria-describedby="settings-descriptionHi-hint settings-descriptionHi-error"
                />
                <small id="settings-descriptionHi-hint" className="admin-hint">
                  {HINDI_HINT}
                </small>
                <FieldError id="settings-descriptionHi-error" message={s.descriptionHi} />
              </label>
            </Bilingual>
            <button type="submit" className="button button--primary" disabled={busy}>
              Save store details
            </button>
          </Form>
        </section>
      ) : null}

      {policies.map((p) => {
        const form = `policy-${p.kind}`;
        const e = errorsFor(form);
        return (
          <section key={p.kind} className="admin-panel" aria-labelledby={`${form}-heading`}>
            <h2 id={`${form}-heading`}>{p.title}</h2>
            <p>
              <small>
                Shown at <a href={POLICY_PATHS[p.kind as PolicyKind]}>{POLICY_PATHS[p.kind as PolicyKind]}</a>{' '}
                · last changed {istDateTime(p.updatedAt)}
              </small>
            </p>
            <FormMessage result={result} form={form} />
            <Form
              method="post"
              className="admin-form"
              noValidate
              onSubmit={validate(form, PolicyEdit)}
              key={`${form}-${p.version}`}
            >
              <input type="hidden" name="form" value={form} />
              <input type="hidden" name="version" value={p.version} />
              <Bilingual>
                <label>
                  Title (English)
                  <input
                    name="title"
                    defaultValue={p.title}
                    maxLength={120}
                    aria-invalid={e.title ? true : undefined}
                    aria-describedby={`${form}-title-error`}
                  />
                  <FieldError id={`${form}-title-error`} message={e.title} />
                </label>
                <label>
                  Title (Hindi)
                  <input
                    name="titleHi"
                    lang="hi"
                    defaultValue={p.titleHi}
                    maxLength={120}
                    aria-invalid={e.titleHi ? true : undefined}
                    aria-describedby={`${form}-titleHi-hint ${form}-titleHi-error`}
                  />
                  <small id={`${form}-titleHi-hint`} className="admin-hint">
                    {HINDI_HINT}
                  </small>
                  <FieldError id={`${form}-titleHi-error`} message={e.titleHi} />
                </label>
              </Bilingual>
              <Bilingual>
                <MarkdownField
                  id={`${form}-body`}
                  name="body"
                  label="Text (English)"
                  rows={14}
                  defaultValue={p.body}
                  error={e.body}
                  topHeading={2}
                />
                <MarkdownField
                  id={`${form}-bodyHi`}
                  name="bodyHi"
                  label="Text (Hindi)"
                  hint={`${HINDI_HINT} Markdown as in the English.`}
                  rows={14}
                  defaultValue={p.bodyHi}
                  error={e.bodyHi}
                  topHeading={2}
                  lang="hi"
                />
              </Bilingual>
              <button type="submit" className="button button--primary" disabled={busy}>
                Save {p.title}
              </button>
            </Form>
          </section>
        );
      })}
    </>
  );
}
