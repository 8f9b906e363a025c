import { describe, expect, it } from 'vitest';
import { auditChanges, showValue } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields that changed, as before → after', () => {
    expect(
      auditChanges(
        { status: 'PLACED', trackingId: null, version: 1 },
        { status: 'SHIPPED', trackingId: 'DTDC-1', version: 1 },
      ),
    ).toEqual([
      { field: 'status', before: 'PLACED', after: 'SHIPPED' },
      { field: 'trackingId', before: '—', after: 'DTDC-1' },
    ]);
  });

  it('walks nested records and lists down to the value that moved', () => {
    const before = {
      name: 'Garam Masala',
      variants: [
        { weight: '50g', price: 70 },
        { weight: '100g', price: 130 },
      ],
    };
    const after = {
      name: 'Garam Masala',
      variants: [
        { weight: '50g', price: 70 },
        { weight: '100g', price: 140 },
      ],
    };
    expect(auditChanges(before, after)).toEqual([
      { field: 'variants[1].price', before: '130', after: '140' },
    ]);
  });

  it('shows a created record as dashes before and a deleted one as dashes after', () => {
    expect(auditChanges(null, { code: 'DIWALI', active: true })).toEqual([
      { field: 'code', before: '—', after: 'DIWALI' },
      { field: 'active', before: '—', after: 'true' },
    ]);
    expect(auditChanges({ code: 'DIWALI' }, null)).toEqual([{ field: 'code', before: 'DIWALI', after: '—' }]);
  });

  it('names a bare value "value" and a list that was emptied "(none)"', () => {
    expect(auditChanges(3, 5)).toEqual([{ field: 'value', before: '3', after: '5' }]);
    expect(auditChanges({ tags: ['new'] }, { tags: [] })).toEqual([
      { field: 'tags[0]', before: 'new', after: '—' },
      { field: 'tags', before: '—', after: '(none)' },
    ]);
  });

  it('cuts long texts so a policy edit does not fill the page', () => {
    const long = 'x'.repeat(500);
    expect(showValue(long)).toHaveLength(160);
    expect(showValue(long).endsWith('…')).toBe(true);
    expect(showValue('')).toBe('(empty)');
  });
});
