// Console output shared by the load benchmarks.
import { fmtInt, table } from './lib.ts';
import type { Comparison } from './load.ts';

const pct = (v: number | null) => (v === null ? '?' : `${v}%`);

/** A note for the bar line when other programs disturbed every round of a comparison. */
export function disturbanceNote(c: Comparison): string {
  return c.disturbedRounds.length === c.roundRatios.length ? '; every round disturbed by other programs' : '';
}

export function printComparison(title: string, shopLabel: string, c: Comparison) {
  console.log(
    `\n${table(
      [title, 'req/s', 'p50 ms', 'p99 ms', 'server CPU', 'autocannon CPU'],
      [
        [
          shopLabel,
          fmtInt(c.shopReqPerSec),
          c.shopP50Ms,
          c.shopP99Ms,
          pct(c.shopServerCpu),
          pct(c.shopLoadGeneratorCpu),
        ],
        [
          'bare node:http',
          fmtInt(c.bareReqPerSec),
          c.bareP50Ms,
          c.bareP99Ms,
          pct(c.bareServerCpu),
          pct(c.bareLoadGeneratorCpu),
        ],
      ],
    )}`,
  );
  const rounds = c.roundRatios.map(
    (r, i) => `${(r * 100).toFixed(1)}%${c.disturbedRounds.includes(i + 1) ? ' (disturbed, left out)' : ''}`,
  );
  const spread = rounds.length > 1 ? ` — median of rounds ${rounds.join(', ')}` : '';
  console.log(`  shop / bare throughput: ${(c.ratio * 100).toFixed(1)}%${spread}`);
  if (c.cpuNormalisedRatio !== null) {
    const loadBound = c.bareLoadGeneratorCpu >= 90 && (c.bareServerCpu ?? 100) < 90;
    console.log(
      `  per CPU-second of the server process: shop does ${(c.cpuNormalisedRatio * 100).toFixed(1)}% of the bare server's requests` +
        (loadBound
          ? '\n  (the bare run is limited by autocannon, not by the bare server, so the ratio above flatters the shop)'
          : ''),
    );
  }
  for (const problem of c.problems) console.log(`  INVALID RUN: ${problem}`);
  for (const d of c.disturbed) console.log(`  DISTURBED RUN: ${d}`);
}
