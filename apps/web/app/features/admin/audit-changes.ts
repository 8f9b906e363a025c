// The audit log's before/after records as a reader wants them: one line per field that changed,
// 'field: before → after'. Nested records and lists are walked down to their leaves
// ('variants[1].price'), so a product edit shows the one price that moved, not two JSON blobs.

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const NOTHING = '—';
const MAX_TEXT = 160;

type Leaves = Map<string, unknown>;

function flatten(value: unknown, path: string, into: Leaves): Leaves {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, i) => {
      flatten(item, `${path}[${i}]`, into);
    });
  } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, into);
  } else if (value !== undefined && !(value === null && path === '')) {
    // A record that did not exist (before a create, after a delete) has no fields at all.
    into.set(path, value);
  }
  return into;
}

/** One value as text: strings as typed, nothing as a dash, long texts cut with an ellipsis. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return NOTHING;
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value) && value.length === 0
        ? '(none)'
        : JSON.stringify(value);
  if (text === '') return '(empty)';
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** The fields whose value differs between before and after, in the order they first appear. */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const was = flatten(before, '', new Map());
  const now = flatten(after, '', new Map());
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields.flatMap((field) => {
    const a = was.get(field);
    const b = now.get(field);
    if (JSON.stringify(a) === JSON.stringify(b)) return [];
    return [{ field: field || 'value', before: showValue(a), after: showValue(b) }];
  });
}
