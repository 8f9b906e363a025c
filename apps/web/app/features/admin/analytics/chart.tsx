// A time chart for the owner's analytics (issue 40): uPlot (about 50 kB, canvas, fast), fetched
// in the browser only by the back office's analytics pages, never by the storefront. The canvas is
// hidden from screen readers; the same figures are a table right below it ('Show as table' shows
// it on screen too). The chart takes its box's width, so it stays readable at 360 px.
import { useEffect, useId, useRef, useState } from 'react';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** Bars for counts, a line for amounts and rates. */
  kind?: 'line' | 'bars';
  color: string;
}

export interface ChartProps {
  title: string;
  /** Bucket starts, 'YYYY-MM-DD'. */
  buckets: string[];
  series: ChartSeries[];
  /** How a value reads in the table and the axis (₹, %, a count). */
  format: (value: number) => string;
  /** The table's first column. */
  bucketLabel?: string;
  /** Monthly buckets read 'Nov 2026'. */
  monthly?: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-03' → '3 Nov'. */
export function dayLabel(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}

export function Chart({
  title,
  buckets,
  series,
  format,
  bucketLabel = 'Period',
  monthly = false,
}: ChartProps) {
  const label = (day: string) =>
    monthly ? `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}` : dayLabel(day);
  // Redrawn when the figures change, not on every render (the arrays are new each time).
  const figures = JSON.stringify([buckets, series.map((s) => [s.label, s.kind, s.values])]);
  const box = useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = useState(false);
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `figures` stands for buckets and series.
  useEffect(() => {
    const el = box.current;
    if (!el || buckets.length === 0) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const width = Math.max(280, el.clientWidth);
      const bars = UPlot.paths.bars?.({ size: [0.6, 40] });
      plot = new UPlot(
        {
          width,
          height: 220,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          // The buckets by position (0, 1, 2 …), named on the axis: no time zone can shift a day.
          scales: {
            x: { time: false, range: (_u: unknown, min: number, max: number) => [min - 0.5, max + 0.5] },
          },
          axes: [
            {
              values: (_u: unknown, ticks: number[]) =>
                ticks.map((t) => (Number.isInteger(t) && buckets[t] ? label(buckets[t]) : '')),
              space: 56,
              stroke: '#5c4a3d',
            },
            { values: (_u: unknown, ticks: number[]) => ticks.map(format), size: 64, stroke: '#5c4a3d' },
          ],
          series: [
            {
              value: (_u: unknown, v: number | null) =>
                v == null ? '' : label(new Date(v * 1000).toISOString().slice(0, 10)),
            },
            ...series.map((s) => ({
              label: s.label,
              stroke: s.color,
              fill: s.kind === 'bars' ? `${s.color}99` : undefined,
              width: 2,
              paths: s.kind === 'bars' ? bars : undefined,
              points: { show: buckets.length < 40 },
              value: (_u: unknown, v: number | null) => (v == null ? '–' : format(v)),
            })),
          ],
        },
        [buckets.map((_, i) => i), ...series.map((s) => s.values)] as never,
        el,
      );
      observer = new ResizeObserver(() =>
        plot?.setSize({ width: Math.max(280, el.clientWidth), height: 220 }),
      );
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [figures, format]);

  return (
    <figure className="analytics-chart" aria-labelledby={`${id}-title`}>
      <figcaption className="analytics-chart__head">
        <h3 id={`${id}-title`}>{title}</h3>
        <button type="button" className="button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          Show as table
        </button>
      </figcaption>
      {buckets.length === 0 ? (
        <p>Nothing in this range yet.</p>
      ) : (
        <>
          <div ref={box} className="analytics-chart__plot" aria-hidden="true" hidden={asTable} />
          <section
            className={asTable ? 'admin-table-wrap' : 'visually-hidden'}
            aria-label={`${title}: table`}
            tabIndex={asTable ? 0 : -1}
          >
            <table className="admin-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{bucketLabel}</th>
                  {series.map((s) => (
                    <th key={s.label} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {buckets.map((b, i) => (
                  <tr key={b}>
                    <th scope="row">{label(b)}</th>
                    {series.map((s) => (
                      <td key={s.label}>{s.values[i] == null ? '–' : format(s.values[i] as number)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </figure>
  );
}
