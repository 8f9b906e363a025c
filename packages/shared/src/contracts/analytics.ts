// GET /api/admin/analytics/{report} (issue 40): the query and the answer, as the route checks
// and documents them. The rules behind them are in ../analytics.ts (zod stays out of the pages).
import { z } from 'zod';
import { GRANULARITIES } from '../analytics.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const AnalyticsQuery = z.object({
  from: z.string().regex(DAY, 'Use YYYY-MM-DD.'),
  to: z.string().regex(DAY, 'Use YYYY-MM-DD.'),
  granularity: z.enum(GRANULARITIES).optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Range = z.object({ from: z.string(), to: z.string() });
const Figures = z.record(z.string(), z.number().nullable());
const Rows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/admin/analytics/{report}: every report's answer, rupees with two decimals. */
export const AnalyticsAnswer = z.object({
  range: Range,
  previousRange: Range,
  granularity: z.enum(GRANULARITIES),
  totals: Figures,
  previousTotals: Figures,
  series: Rows,
  /** payments: the same figures by the delivery address's state. */
  byState: Rows.optional(),
  /** products: viewed often but rarely bought. */
  viewedNotBought: Rows.optional(),
  /** search: the words that found nothing. */
  zeroResults: Rows.optional(),
});
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswer>;
