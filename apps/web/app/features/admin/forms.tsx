// Pieces the back office's site and coupon forms share: field errors from a shared schema's
// issues, a labelled field whose error is tied to it (aria-invalid, aria-describedby), the
// result message, client-side checking with the same schema the server uses, and the add or
// edit form of an item on a list page.
import { type FormEvent, type ReactNode, useState } from 'react';
import { Form } from 'react-router';
import type { ActionResult } from './guard.server';

export type FormErrors = Record<string, string>;

/** The first message per field; nested paths are dotted ('links.0.url'). */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}

/** The first message of each top-level field (a form whose inputs are named by the schema's keys). */
export function topFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fallback: string,
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? fallback)] ??= issue.message;
  return errors;
}

export function invalidResult(errors: FormErrors, extra: Record<string, unknown> = {}) {
  return { ok: false, message: 'Please correct the fields marked below.', errors, ...extra };
}

/** A shared (Zod) schema, as the forms use it. */
export interface Schema<T = unknown> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks a form with the shared schema before it is sent; the server checks again. `read` turns
 * the form into the schema's input (the default is its fields as they are).
 */
export function useClientCheck(schema: Schema, read: (form: FormData) => unknown = Object.fromEntries) {
  const [errors, setErrors] = useState<FormErrors>({});
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(read(new FormData(event.currentTarget)));
    if (parsed.success) return setErrors({});
    event.preventDefault();
    const found = fieldErrors(parsed.error.issues);
    setErrors(found);
    // Take the keyboard to the first field in trouble, as a screen reader user would need.
    const first = Object.keys(found)[0];
    const field = first ? event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    field?.focus();
  }
  return { errors, onSubmit, reset: () => setErrors({}) };
}

export function ResultMessage({ result }: { result: ActionResult | undefined | null }) {
  if (!result?.message) return null;
  return (
    <p
      className={`admin-message ${result.ok ? '' : 'admin-message--error'}`}
      role={result.ok ? 'status' : 'alert'}
    >
      {result.message}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <span id={id} className="field-error">
      {message}
    </span>
  );
}

interface FieldProps {
  /** Unique on the page; the error's id derives from it. */
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  wide?: boolean;
  children?: ReactNode;
  input?: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;
  textarea?: Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>;
}

/** A label, its input (or textarea), an optional hint and the field's error, wired together. */
export function Field({ id, name, label, hint, error, wide, input, textarea, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={`admin-field${wide ? ' admin-form__wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="admin-field__control">
        {textarea ? <textarea {...common} {...textarea} /> : <input {...common} {...input} />}
        {children}
      </div>
      {hint ? (
        <small id={hintId} className="admin-hint">
          {hint}
        </small>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A checkbox that always sends a value: 'false' from the hidden input unless ticked. */
export function Checkbox({
  id,
  name,
  label,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: ReactNode;
  defaultChecked: boolean;
}) {
  return (
    <div className="admin-check">
      <input type="hidden" name={name} value="false" />
      <input type="checkbox" id={id} name={name} value="true" defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Asks before a delete; without JavaScript the button submits straight away. */
export function confirmFirst(question: string) {
  return (event: React.MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(question)) event.preventDefault();
  };
}

/** A reorder button's value (the new order as JSON); anything unreadable is an empty order. */
export function readOrder(value: FormDataEntryValue | null | undefined): unknown {
  try {
    return JSON.parse(String(value ?? '[]'));
  } catch {
    return [];
  }
}

/**
 * The add or edit form of one item on a list page (About sections, marketplace links). Its form
 * id ('<prefix>-<id>', or 'create') is posted with it so the action's reply lands on this form;
 * the errors shown are the server's for this form, then the client check's. An edit posts the id
 * and version it showed; a new version (or, for the add form, a new `resetKey`) starts it afresh.
 */
export function ItemForm({
  item,
  prefix,
  schema,
  read,
  result,
  busy,
  resetKey = 0,
  className,
  submitLabel,
  children,
}: {
  item: { id: number; version: number } | null;
  prefix: string;
  schema: Schema;
  read?: (form: FormData) => unknown;
  result: (ActionResult & { form?: string }) | undefined;
  busy: boolean;
  resetKey?: number | undefined;
  className: string;
  submitLabel: string;
  children: (form: { id: string; errors: FormErrors }) => ReactNode;
}) {
  const formId = item ? `${prefix}-${item.id}` : 'create';
  const check = useClientCheck(schema, read);
  const errors = { ...(result?.form === formId ? (result.errors ?? {}) : {}), ...check.errors };
  return (
    <Form
      method="post"
      className={className}
      noValidate
      onSubmit={check.onSubmit}
      key={item ? `${item.id}-${item.version}` : `create-${resetKey}`}
    >
      <input type="hidden" name="intent" value={item ? 'update' : 'create'} />
      <input type="hidden" name="form" value={formId} />
      {item ? (
        <>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="version" value={item.version} />
        </>
      ) : null}
      {children({ id: formId, errors })}
      <div className="admin-form__actions admin-form__wide">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
