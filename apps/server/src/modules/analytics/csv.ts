// A report as a spreadsheet: its series, one row each, with the same figures as the JSON (rupees
// with two decimals, rates in percent). The cohort table spreads its later months into columns.
import type { AnalyticsReport, CohortRow } from '@spice/shared/analytics';
import { csvDocument } from '../../lib/csv.ts';
import type { Report } from './reports.ts';

const MONEY = new Set([
  'grossSales',
  'discounts',
  'deliveryAndFees',
  'netSales',
  'gst',
  'refunds',
  'averageOrderValue',
  'revenue',
]);

const cell = (key: string, value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return MONEY.has(key) ? value.toFixed(2) : String(value);
  return String(value);
};

export function reportCsv(name: AnalyticsReport, report: Report): string {
  if (name === 'cohorts') {
    const rows = report.series as unknown as CohortRow[];
    const months = Math.max(0, ...rows.map((r) => r.later.length));
    const header = ['cohort', 'customers', ...Array.from({ length: months }, (_, i) => `month ${i + 1} %`)];
    return csvDocument(
      header,
      rows.map((r) => [
        r.cohort,
        String(r.customers),
        ...Array.from({ length: months }, (_, i) => cell('share', r.later[i]?.share)),
      ]),
    );
  }
  const keys = [...new Set(report.series.flatMap((row) => Object.keys(row)))];
  return csvDocument(
    keys,
    report.series.map((row) => keys.map((k) => cell(k, row[k]))),
  );
}
