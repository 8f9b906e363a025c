// The shop's own figures for /metrics, read from the database when Prometheus scrapes (never on a
// shopper's request): orders placed by payment mode, payments by fate, jobs by state and the age
// of the oldest waiting or running one. Read at scrape time they are the same on every instance
// (take `max`, not `sum`, across instances) and survive restarts. One read-only statement over
// three modules' tables (a boundary exception, like the dashboard's reporting query).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface ShopFigures {
  ordersByPaymentMode: Record<string, number>;
  paymentsByFate: Record<string, number>;
  jobsByState: Record<string, number>;
  /** Seconds: the oldest due job still queued, the longest-running job. 0 when none. */
  oldestJobSeconds: { queued: number; running: number };
}

export async function readShopFigures(db: Db): Promise<ShopFigures> {
  const result = (await db.execute(sql`
    select 'order' as kind, payment_mode as key, count(*)::int as n from orders group by payment_mode
    union all
    select 'payment', status, count(*)::int from payments group by status
    union all
    select 'job', status, count(*)::int from jobs group by status
    union all
    select 'job_age', 'queued',
      coalesce(extract(epoch from now() - min(run_at)), 0)::int from jobs where status = 'queued' and run_at <= now()
    union all
    select 'job_age', 'running',
      coalesce(extract(epoch from now() - min(updated_at)), 0)::int from jobs where status = 'running'
  `)) as unknown as { rows: { kind: string; key: string; n: number }[] };
  const figures: ShopFigures = {
    ordersByPaymentMode: {},
    paymentsByFate: {},
    jobsByState: {},
    oldestJobSeconds: { queued: 0, running: 0 },
  };
  for (const { kind, key, n } of result.rows) {
    if (kind === 'order') figures.ordersByPaymentMode[key] = n;
    else if (kind === 'payment') figures.paymentsByFate[key] = n;
    else if (kind === 'job') figures.jobsByState[key] = n;
    else if (kind === 'job_age') figures.oldestJobSeconds[key as 'queued' | 'running'] = Math.max(0, n);
  }
  return figures;
}
