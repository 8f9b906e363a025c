// An order's COD confirmation as a column beside the order in any list or read (issue 34): the
// stored status or NOT_REQUIRED, and confirmBy as ISO text (the same on PostgreSQL and PGlite).
// Aliased subqueries: in a one-table select Drizzle leaves columns unqualified.
import type { CodConfirmationState } from '@spice/shared/cod-confirmation';
import { sql } from 'drizzle-orm';

export const codConfirmationColumns = {
  codConfirmation: sql<CodConfirmationState>`coalesce((select cc.status from cod_confirmations cc
    where cc.order_id = "orders"."id"), 'NOT_REQUIRED')`,
  confirmBy: sql<string | null>`(select to_char(cc.confirm_by at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from cod_confirmations cc where cc.order_id = "orders"."id")`,
};
