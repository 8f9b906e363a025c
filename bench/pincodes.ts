// (e) GET /api/pincodes/{pincode}: p99 latency at 50 connections (issue 14). Every lookup is a
// hit in the in-memory directory plus the zone and date rules, so one pincode stands for all.
import { type Bar, fetchRaw, fmtInt, heading, type RunningServer } from './lib.ts';
import { type CannonSummary, cannon, type LoadSettings } from './load.ts';

export const PINCODE_MAX_P99_MS = 5;
const PATH = '/api/pincodes/560001';

export async function benchPincodes(
  shop: RunningServer,
  settings: LoadSettings,
): Promise<{ result: CannonSummary; bars: Bar[] }> {
  heading(`(e) GET ${PATH} — latency under load`);
  const probe = await fetchRaw(`${shop.url}${PATH}`);
  if (probe.status !== 200) throw new Error(`GET ${PATH} answered ${probe.status}`);
  console.log(`  body: ${fmtInt(probe.body.length)} bytes, cache-control ${probe.headers['cache-control']}`);
  const result = await cannon('pincodes', shop, PATH, settings);
  const clean = result.errors === 0 && result.non2xx === 0 && result.timeouts === 0;
  return {
    result,
    bars: [
      {
        benchmark: 'pincodes',
        name: 'Pincode lookup p99',
        target: `< ${PINCODE_MAX_P99_MS} ms at ${settings.connections} connections`,
        measured: `${result.latencyMs.p99} ms (p50 ${result.latencyMs.p50} ms, ${fmtInt(result.reqPerSec)} req/s${clean ? '' : `, ${result.errors + result.non2xx + result.timeouts} failed`}${result.disturbed ? '; disturbed by other programs' : ''})`,
        pass: clean && result.latencyMs.p99 < PINCODE_MAX_P99_MS,
      },
    ],
  };
}
