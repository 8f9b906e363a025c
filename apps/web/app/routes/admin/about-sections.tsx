// The About page's sections (/admin/site/about), in the order /about shows them: title, an
// optional subheading, the text and one or two images. Add, edit, move up or down, delete; each
// form names the version this page showed.
import {
  AboutSectionCreate,
  AboutSectionUpdate,
  type AdminAboutSectionDto,
  ReorderInput,
  VersionQuery,
} from '@spice/shared/contracts/admin-site';
import { data, useNavigation } from 'react-router';
import { Bilingual, HINDI_HINT, inEnglish, inHindi } from '../../features/admin/bilingual';
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
import { MARKDOWN_HINT, MarkdownField } from '../../features/admin/markdown-field';
import { adminMeta } from '../../features/admin/meta';
import { DeleteButton, MoveButtons } from '../../features/admin/row-controls';
import { SiteTabs } from '../../features/admin/site-tabs';
import type { Route } from './+types/about-sections';

type Result = ActionResult & { form?: string };

export function meta() {
  return adminMeta('About page');
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'storefront.manage');
  return { sections: await services.contentAdmin.listSections() };
}

/**
 * The form as the shared schema's input. The first image is required and the second optional, so
 * an error on imageUrls.0 or imageUrls.1 belongs to the field of the same number.
 */
function fromForm(form: FormData) {
  const first = String(form.get('imageUrls.0') ?? '').trim();
  const second = String(form.get('imageUrls.1') ?? '').trim();
  return {
    title: form.get('title'),
    type: form.get('type'),
    body: form.get('body'),
    titleHi: form.get('titleHi') ?? undefined,
    typeHi: form.get('typeHi') ?? undefined,
    bodyHi: form.get('bodyHi') ?? undefined,
    imageUrls: second === '' ? [first] : [first, second],
    version: form.get('version') ?? undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'storefront.manage');
  const raw = await request.formData();
  const intent = String(raw.get('intent') ?? '');
  const which = String(raw.get('form') ?? intent);
  const id = Number(raw.get('id'));
  const reload = () =>
    data<Result>({ ok: false, form: which, message: 'Please reload the page.' }, { status: 400 });
  try {
    if (intent === 'create' || intent === 'update') {
      const parsed = (intent === 'create' ? AboutSectionCreate : AboutSectionUpdate).safeParse(fromForm(raw));
      if (!parsed.success) {
        return data<Result>(invalidResult(fieldErrors(parsed.error.issues), { form: which }), {
          status: 400,
        });
      }
      if (intent === 'create') await services.contentAdmin.createSection(user, parsed.data);
      else
        await services.contentAdmin.updateSection(
          user,
          id,
          parsed.data as typeof parsed.data & { version: number },
        );
      return {
        ok: true,
        form: which,
        message: `“${parsed.data.title}” saved; /about shows it now.`,
      } as Result;
    }
    if (intent === 'reorder') {
      const parsed = ReorderInput.safeParse({ order: readOrder(raw.get('order')) });
      if (!parsed.success) return reload();
      await services.contentAdmin.reorderSections(user, parsed.data);
      return { ok: true, form: which, message: 'Order saved; /about shows it now.' } as Result;
    }
    if (intent === 'delete') {
      const version = VersionQuery.safeParse({ version: raw.get('version') });
      if (!version.success) return reload();
      await services.contentAdmin.deleteSection(user, id, version.data.version);
      return { ok: true, form: which, message: 'Section deleted.' } as Result;
    }
    return reload();
  } catch (error) {
    const r = refusal(error);
    return data<Result>({ ...r.data, form: which }, r.init ?? undefined);
  }
}

function SectionForm({
  section,
  result,
  busy,
  resetKey = 0,
}: {
  section: AdminAboutSectionDto | null;
  result: Result | undefined;
  busy: boolean;
  resetKey?: number;
}) {
  return (
    <ItemForm
      item={section}
      prefix="section"
      schema={section ? AboutSectionUpdate : AboutSectionCreate}
      read={fromForm}
      result={result}
      busy={busy}
      resetKey={resetKey}
      className="admin-form admin-form--stacked"
      submitLabel={section ? 'Save section' : 'Add section'}
    >
      {({ id: formId, errors }) => (
        <>
          <Bilingual>
            <Field
              id={`${formId}-title`}
              name="title"
              label={inEnglish('Title')}
              error={errors.title}
              input={{ defaultValue: section?.title ?? '', maxLength: 120 }}
            />
            <Field
              id={`${formId}-titleHi`}
              name="titleHi"
              label={inHindi('Title')}
              hint={HINDI_HINT}
              error={errors.titleHi}
              input={{ defaultValue: section?.titleHi ?? '', maxLength: 120, lang: 'hi' }}
            />
          </Bilingual>
          <Bilingual>
            <Field
              id={`${formId}-type`}
              name="type"
              label={inEnglish('Subheading (optional)')}
              hint="A short line under the title."
              error={errors.type}
              input={{ defaultValue: section?.type ?? '', maxLength: 120 }}
            />
            <Field
              id={`${formId}-typeHi`}
              name="typeHi"
              label={inHindi('Subheading (optional)')}
              hint="Shown only when the English subheading is set."
              error={errors.typeHi}
              input={{ defaultValue: section?.typeHi ?? '', maxLength: 120, lang: 'hi' }}
            />
          </Bilingual>
          <Bilingual>
            <MarkdownField
              id={`${formId}-body`}
              name="body"
              label={inEnglish('Text')}
              hint={`Leave an empty line between paragraphs. ${MARKDOWN_HINT}`}
              error={errors.body}
              defaultValue={section?.body ?? ''}
              rows={8}
              maxLength={5000}
              topHeading={3}
            />
            <MarkdownField
              id={`${formId}-bodyHi`}
              name="bodyHi"
              label={inHindi('Text')}
              hint={`${HINDI_HINT} Markdown as in the English.`}
              error={errors.bodyHi}
              defaultValue={section?.bodyHi ?? ''}
              rows={8}
              maxLength={5000}
              topHeading={3}
              lang="hi"
            />
          </Bilingual>
          <ImageField
            id={`${formId}-image-1`}
            name="imageUrls.0"
            label="Image"
            kind="section"
            hint="An https:// address or a path on this site."
            error={errors['imageUrls.0'] ?? errors.imageUrls}
            defaultValue={section?.imageUrls[0] ?? ''}
          />
          <ImageField
            id={`${formId}-image-2`}
            name="imageUrls.1"
            label="Second image (optional)"
            kind="section"
            error={errors['imageUrls.1']}
            defaultValue={section?.imageUrls[1] ?? ''}
          />
        </>
      )}
    </ItemForm>
  );
}

export default function AdminAboutSections({ loaderData, actionData }: Route.ComponentProps) {
  const { sections } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const result = actionData as Result | undefined;

  return (
    <>
      <h1>Site</h1>
      <SiteTabs />
      <p className="admin-lead">
        The sections of the <a href="/about">About page</a>, top to bottom. With no sections the page shows
        its built-in welcome text.
      </p>
      <ResultMessage result={result} />
      <ol className="admin-rows" aria-label="About page sections in order">
        {sections.map((s, i) => (
          <li key={s.id} className="admin-row admin-row--stack">
            <div className="admin-row__line">
              {s.imageUrls[0] ? (
                <img className="admin-row__thumb" src={s.imageUrls[0]} alt="" loading="lazy" />
              ) : null}
              <div className="admin-row__body">
                <p className="admin-row__title">
                  <span className="admin-row__index">{i + 1}.</span> {s.title}
                </p>
                <p className="admin-row__meta">
                  {s.type ?? 'No subheading'} · {s.imageUrls.length}{' '}
                  {s.imageUrls.length === 1 ? 'image' : 'images'}
                  {' · '}
                  {s.titleHi && s.bodyHi ? (
                    <>
                      Hindi: <span lang="hi">{s.titleHi}</span>
                    </>
                  ) : (
                    'Hindi not complete: Hindi pages show the English'
                  )}
                </p>
              </div>
              <div className="admin-row__actions">
                <MoveButtons items={sections} index={i} label={`“${s.title}”`} busy={busy} />
                <DeleteButton
                  fields={{ id: s.id, version: s.version }}
                  label={`Delete “${s.title}”`}
                  question={`Delete the section “${s.title}” from the About page?`}
                  busy={busy}
                />
              </div>
            </div>
            <details className="admin-row__edit" open={result?.form === `section-${s.id}` && !result.ok}>
              <summary>Edit “{s.title}”</summary>
              <SectionForm section={s} result={result} busy={busy} />
            </details>
          </li>
        ))}
      </ol>
      <section className="admin-panel" aria-labelledby="add-section">
        <h2 id="add-section">Add a section</h2>
        <SectionForm section={null} result={result} busy={busy} resetKey={sections.length} />
      </section>
    </>
  );
}
