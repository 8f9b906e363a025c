// The dashboard's RTO rate (issue 34): COD orders returned to origin of those whose fate is known,
// over the last 90 days, by week, by state and by the pincode's first three digits. Tables with a
// bar each (no chart library: a dozen rows read better as a table, and a phone can scroll it).
import { percentLabel, percentOf } from '@spice/shared/cod';

interface Group {
  key: string;
  finished: number;
  returned: number;
}

function RtoTable({ title, by, rows }: { title: string; by: string; rows: Group[] }) {
  return (
    <div className="rto-breakdown__table">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p>No delivered or returned COD orders yet.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{by}</th>
              <th scope="col">Delivered or returned</th>
              <th scope="col">RTO rate</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const rate = percentOf(r.returned, r.finished);
              return (
                <tr key={r.key}>
                  <td>{r.key}</td>
                  <td>{r.finished}</td>
                  <td>
                    <span className="rto-breakdown__bar" style={{ width: `${Math.min(100, rate ?? 0)}%` }} />
                    {percentLabel(rate)} ({r.returned})
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

export function RtoBreakdown({ rto }: { rto: { byWeek: Group[]; byState: Group[]; byPrefix: Group[] } }) {
  return (
    <section aria-labelledby="rto-rate" className="rto-breakdown">
      <h2 id="rto-rate">Returned to origin (COD, last 90 days)</h2>
      <RtoTable title="By week placed" by="Week of" rows={rto.byWeek} />
      <RtoTable title="By state" by="State" rows={rto.byState} />
      <RtoTable title="By pincode area (first three digits)" by="Area" rows={rto.byPrefix} />
    </section>
  );
}
