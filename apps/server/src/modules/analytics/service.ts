// The owner's analytics (issue 40): the reports over a checked range, in JSON or CSV, and the
// storefront's first-party counting (counter.ts). This module owns the analytics_* tables.
import {
  ANALYTICS_REPORTS,
  type AnalyticsReport,
  defaultGranularity,
  rangeProblem,
} from '@spice/shared/analytics';
import { AppError } from '@spice/shared/app-error';
import type { AnalyticsQuery } from '@spice/shared/contracts/analytics';
import type { Db } from '../../db/client.ts';
import { type CounterOptions, createAnalyticsCounter } from './counter.ts';
import { reportCsv } from './csv.ts';
import { createAnalyticsReports, type Report } from './reports.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export function createAnalyticsService(db: Db, options: CounterOptions & { reportsNow?: () => Date }) {
  const reports = createAnalyticsReports(db, options.reportsNow);
  const counter = createAnalyticsCounter(db, options);

  /** `name` as the path gives it: 'sales', or 'sales.csv' for the CSV. */
  function parseName(name: string): { report: AnalyticsReport; csv: boolean } {
    const csv = name.endsWith('.csv');
    const report = (csv ? name.slice(0, -4) : name) as AnalyticsReport;
    if (!ANALYTICS_REPORTS.includes(report)) throw new AppError('notFound', `No report named ${name}.`);
    return { report, csv };
  }

  async function report(report: AnalyticsReport, query: AnalyticsQuery): Promise<Report> {
    const range = { from: query.from, to: query.to };
    const problem = rangeProblem(range);
    if (problem) throw new AppError('invalid', problem);
    return reports[report](range, query.granularity ?? defaultGranularity(range));
  }

  return {
    parseName,
    report,
    async csv(name: AnalyticsReport, query: AnalyticsQuery) {
      const answer = await report(name, query);
      return {
        filename: `${name}-${answer.range.from}-to-${answer.range.to}.csv`,
        body: reportCsv(name, answer),
      };
    },
    counter,
  };
}
