// The controls of a row in the back office's ordered lists (banners, marketplace links, About
// sections, a product's images; coupons and products): move up or down, and one-button forms
// such as hide, activate or delete (which asks first). Each is a plain form posted to the page's action, so it works without JavaScript.
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { confirmFirst } from './forms';

/** The whole list with the item at `index` swapped with its neighbour, as the action reads it. */
function movedOrder<T>(items: readonly T[], index: number, by: -1 | 1, entry: (item: T) => unknown): string {
  const order = items.map(entry);
  [order[index], order[index + by]] = [order[index + by], order[index]];
  return JSON.stringify(order);
}

/** A versioned list's entry: the reorder is saved at the versions this page showed. */
const versionedEntry = (item: { id: number; version?: number }) => ({ id: item.id, version: item.version });

/**
 * ↑ and ↓ for the item at `index`: each sends the whole new order as `order`. `label` names the
 * item in the buttons' accessible names ('Move … up'); `entry` is what the action expects of each
 * item (`{ id, version }` unless told).
 */
export function MoveButtons<T extends { id: number; version?: number }>({
  items,
  index,
  label,
  busy,
  intent = 'reorder',
  entry = versionedEntry,
}: {
  items: readonly T[];
  index: number;
  label: string;
  busy: boolean;
  intent?: string;
  entry?: (item: T) => unknown;
}) {
  const last = index === items.length - 1;
  return (
    <Form method="post" className="admin-row__move">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        name="order"
        value={index > 0 ? movedOrder(items, index, -1, entry) : ''}
        className="button button--small"
        disabled={busy || index === 0}
        aria-label={`Move ${label} up`}
      >
        ↑
      </button>
      <button
        type="submit"
        name="order"
        value={!last ? movedOrder(items, index, 1, entry) : ''}
        className="button button--small"
        disabled={busy || last}
        aria-label={`Move ${label} down`}
      >
        ↓
      </button>
    </Form>
  );
}

/**
 * A one-button form for a row: `fields` go as hidden inputs, the button sends `value` as `name`
 * (the action's `intent` unless told); with `confirm` it asks that question first.
 */
export function RowButton({
  fields,
  name = 'intent',
  value,
  label,
  busy,
  confirm,
  danger = false,
  children,
}: {
  fields: Record<string, string | number>;
  name?: string;
  value: string;
  /** The button's accessible name. */
  label: string;
  busy: boolean;
  confirm?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([field, fieldValue]) => (
        <input key={field} type="hidden" name={field} value={fieldValue} />
      ))}
      <button
        type="submit"
        name={name}
        value={value}
        className={danger ? 'button button--small button--danger' : 'button button--small'}
        disabled={busy}
        aria-label={label}
        onClick={confirm ? confirmFirst(confirm) : undefined}
      >
        {children}
      </button>
    </Form>
  );
}

/** A row's Delete button, which asks `question` first. */
export function DeleteButton({
  fields,
  intent = 'delete',
  label,
  busy,
  question,
}: {
  fields: Record<string, string | number>;
  intent?: string;
  label: string;
  busy: boolean;
  question: string;
}) {
  return (
    <RowButton fields={fields} value={intent} label={label} busy={busy} confirm={question} danger>
      Delete
    </RowButton>
  );
}

/**
 * Activate or Deactivate in one click: sends the new `active` with the version this page showed.
 * `name` names the item in the button's accessible name.
 */
export function ActiveToggle({
  item,
  name,
  busy,
}: {
  item: { id: number; version: number; active: boolean };
  name: string;
  busy: boolean;
}) {
  const verb = item.active ? 'Deactivate' : 'Activate';
  return (
    <RowButton
      fields={{ id: item.id, version: item.version }}
      name="active"
      value={item.active ? 'false' : 'true'}
      label={`${verb} ${name}`}
      busy={busy}
    >
      {verb}
    </RowButton>
  );
}
