// Server-only access check for the back office's loaders and actions: the same rule as the API
// (401 logged out, 403 for a shopper), thrown as responses the admin layout's boundary renders.
// Also what an action replies: a service's refusal as the form's message, or a checked save.
import { AppError } from '@spice/shared/app-error';
import { can, isStaffRole, type Permission } from '@spice/shared/staff';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { currentUser, getStorefront } from '../../context';
import { fieldErrors, invalidResult, type Schema } from './forms';

/**
 * A back-office page: 401 logged out, 403 for a shopper, and 403 for a staff member whose role
 * lacks the page's permission (the same permissions as the API's table, issue 41).
 */
export async function requireAdminPage(context: Readonly<RouterContextProvider>, permission?: Permission) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  if (!user) throw data({ reason: 'login' }, { status: 401 });
  if (!isStaffRole(user.role)) throw data({ reason: 'forbidden' }, { status: 403 });
  if (permission && !can(user.role, permission)) throw data({ reason: 'role' }, { status: 403 });
  return { services, user };
}

export interface ActionResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string> | undefined;
}

/** A service's refusal (AppError) becomes the form's message and field errors with its status. */
export function refusal(error: unknown) {
  // A 5xx is a failure, not a refusal: the boundary shows it.
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  return data<ActionResult>(
    { ok: false, message: error.message, errors: error.errors },
    { status: error.statusCode },
  );
}

/**
 * A new-or-edit page's action: the form checked with `schema` (400 with the field errors), saved
 * (a refusal becomes the form's message and status), then on to `done`.
 */
export async function saveChecked<T>(
  schema: Schema<T>,
  form: unknown,
  save: (input: T) => Promise<unknown>,
  done: string,
) {
  const parsed = schema.safeParse(form);
  if (!parsed.success)
    return data<ActionResult>(invalidResult(fieldErrors(parsed.error.issues)), { status: 400 });
  try {
    await save(parsed.data);
  } catch (error) {
    return refusal(error);
  }
  return redirect(done);
}
