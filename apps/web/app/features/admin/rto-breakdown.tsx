// The dashboard's RTO rate and, beside it, the COD confirmation rate (issue 34), over the last 90
// days, by week, by state and by the pincode's first three digits: COD orders returned to origin
// of those whose fate is known, and COD orders confirmed by the shopper of those asked to confirm.
// Tables with a bar each (no chart library: a dozen rows read better as a table, and a phone can
// scroll it).
import { percentLabel, percentOf } from '@spice/shared/cod';

interface Row {
  key: string;
  /** The orders counted (delivered or returned; asked to confirm). */
  of: number;
  /** Those the rate is of (returned; confirmed). */
  part: number;
}

interface RateColumns {
  empty: string;
  of: string;
  rate: string;
}

function RateTable({
  title,
  by,
  rows,
  columns,
}: {
  title: string;
  by: string;
  rows: Row[];
  columns: RateColumns;
}) {
  return (
    <div className="rto-breakdown__table">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>{columns.empty}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{by}</th>
              <th scope="col">{columns.of}</th>
              <th scope="col">{columns.rate}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const rate = percentOf(r.part, r.of);
              return (
                <tr key={r.key}>
                  <td>{r.key}</td>
                  <td>{r.of}</td>
                  <td>
                    <span className="rto-breakdown__bar" style={{ width: `${Math.min(100, rate ?? 0)}%` }} />
                    {percentLabel(rate)} ({r.part})
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Breakdown({
  id,
  heading,
  groups,
  columns,
}: {
  id: string;
  heading: string;
  groups: { byWeek: Row[]; byState: Row[]; byPrefix: Row[] };
  columns: RateColumns;
}) {
  return (
    <section aria-labelledby={id} className="rto-breakdown">
      <h2 id={id}>{heading}</h2>
      <RateTable title="By week placed" by="Week of" rows={groups.byWeek} columns={columns} />
      <RateTable title="By state" by="State" rows={groups.byState} columns={columns} />
      <RateTable
        title="By pincode area (first three digits)"
        by="Area"
        rows={groups.byPrefix}
        columns={columns}
      />
    </section>
  );
}

type Groups<T> = { byWeek: T[]; byState: T[]; byPrefix: T[] };
const mapGroups = <T,>(g: Groups<T>, f: (row: T) => Row): Groups<Row> => ({
  byWeek: g.byWeek.map(f),
  byState: g.byState.map(f),
  byPrefix: g.byPrefix.map(f),
});

export function RtoBreakdown({
  rto,
  confirmation,
}: {
  rto: Groups<{ key: string; finished: number; returned: number }>;
  confirmation: Groups<{ key: string; asked: number; confirmed: number }>;
}) {
  return (
    <div className="rate-breakdowns">
      <Breakdown
        id="rto-rate"
        heading="Returned to origin (COD, last 90 days)"
        groups={mapGroups(rto, (r) => ({ key: r.key, of: r.finished, part: r.returned }))}
        columns={{
          empty: 'No delivered or returned COD orders yet.',
          of: 'Delivered or returned',
          rate: 'RTO rate',
        }}
      />
      <Breakdown
        id="confirmation-rate"
        heading="Confirmed by the shopper (COD, last 90 days)"
        groups={mapGroups(confirmation, (r) => ({ key: r.key, of: r.asked, part: r.confirmed }))}
        columns={{
          empty: 'No COD orders asked to confirm yet.',
          of: 'Asked to confirm',
          rate: 'Confirmation rate',
        }}
      />
    </div>
  );
}
