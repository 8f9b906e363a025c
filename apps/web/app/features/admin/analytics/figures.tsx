// The analytics pages' figure cards and formats: a total with its change against the previous
// period, and the formats the charts and tables share (₹ with two decimals, %, counts).
import { change } from '@spice/shared/analytics';
import { formatRupees } from '@spice/shared/money';

export const money = (rupees: number) => formatRupees(Math.round(rupees * 100));
export const percent = (v: number) => `${v.toFixed(1)} %`;
export const count = (v: number) => v.toLocaleString('en-IN');

export type Format = (v: number) => string;

export interface Figure {
  label: string;
  value: number | null;
  previous: number | null;
  format: Format;
  /** A fall is good news (cancellations, RTO). */
  lowerIsBetter?: boolean;
}

function Change({ f }: { f: Figure }) {
  if (f.value === null || f.previous === null)
    return <span className="analytics-change">no earlier figure</span>;
  const pct = change(f.value, f.previous);
  if (pct === null) return <span className="analytics-change">was {f.format(f.previous)}</span>;
  const up = pct > 0;
  const good = pct === 0 ? null : up !== Boolean(f.lowerIsBetter);
  return (
    <span
      className={`analytics-change${good === null ? '' : good ? ' analytics-change--good' : ' analytics-change--bad'}`}
    >
      {pct === 0 ? 'no change' : `${up ? '▲' : '▼'} ${Math.abs(pct).toFixed(1)} %`} (was{' '}
      {f.format(f.previous)})
    </span>
  );
}

export function FigureCards({ label, figures }: { label: string; figures: Figure[] }) {
  return (
    <section className="admin-cards analytics-cards" aria-label={label}>
      {figures.map((f) => (
        <div key={f.label} className="admin-card">
          <h2>{f.label}</h2>
          <p className="admin-card__figure">{f.value === null ? '–' : f.format(f.value)}</p>
          <p>
            <Change f={f} />
          </p>
        </div>
      ))}
    </section>
  );
}
