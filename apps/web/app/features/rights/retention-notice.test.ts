// The privacy notice and the retention job agree (decision 0036): the notice has one line per
// period of the one table the job applies (packages/shared/src/retention.ts), in both languages,
// and each line says that period's number.
import { RETENTION, RETENTION_KINDS } from '@spice/shared/retention';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en.json';
import hi from '../../i18n/messages/hi.json';

describe.each([
  ['en', en],
  ['hi', hi],
] as const)('the privacy notice in %s', (lang, catalogue) => {
  const lines = catalogue.privacy.retention as Record<string, string>;

  it('has a line for each retention period the job applies, and no other', () => {
    expect(Object.keys(lines).sort()).toEqual([...RETENTION_KINDS].sort());
  });

  it.each(RETENTION_KINDS)('says the period of %s as the table has it', (kind) => {
    const period = RETENTION[kind];
    const text = String(new IntlMessageFormat(lines[kind]!, lang).format(period));
    const [unit, n] = Object.entries(period)[0]!;
    expect(lines[kind]).toContain(`{${unit}}`);
    expect(text).toContain(String(n));
  });
});
