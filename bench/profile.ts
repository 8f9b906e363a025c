// Summarises a V8 .cpuprofile (as written by node --cpu-prof): where the CPU went, by area
// (package, app source, Node internals, GC) and by function, self and inclusive time.
//
//   node bench/profile.ts <file.cpuprofile> [top=25] [skip-ms=0]
//
// `npm run bench -- <benchmark> --profile` runs the shop under --cpu-prof and prints this summary
// of the profile when the shop stops; profiles are kept in bench/results/profiles/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fmtInt, ROOT, round, table } from './lib.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Milliseconds not idle. */
  busyMs: number;
  areas: { area: string; selfMs: number; percentOfBusy: number }[];
  selfTop: { fn: string; where: string; selfMs: number; percentOfBusy: number }[];
  inclusiveTop: { fn: string; where: string; totalMs: number; percentOfBusy: number }[];
}

/** The area a frame belongs to: an npm package, a part of the app, Node itself, or V8. */
function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'V8 garbage collector';
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(program)') return 'V8/native (program)';
    return `native ${functionName || '(anonymous)'}`;
  }
  if (url.startsWith('node:')) return 'Node.js internals';
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? file);
  }
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('apps/web/build/server')) return 'app: storefront SSR build';
  const parts = rel.split('/');
  return `app: ${parts.slice(0, Math.min(parts.length - 1, 4)).join('/')}`;
}

function where(url: string, line: number): string {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('/node_modules/');
  const shown = nm >= 0 ? file.slice(nm + '/node_modules/'.length) : path.relative(ROOT, file) || file;
  return `${shown}:${line + 1}`;
}

/** `skipMs`: leave out the first milliseconds of the profile (the shop's start-up and seeding). */
export function summarizeProfile(file: string, top = 25, skipMs = 0): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Time of sample i is the gap to the next sample (the last one gets the mean gap).
  const deltas = profile.timeDeltas;
  const mean = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const selfUs = new Map<number, number>();
  const sampleUs: number[] = [];
  let elapsedUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    elapsedUs += deltas[i] ?? 0;
    const us = elapsedUs < skipMs * 1000 ? 0 : (deltas[i + 1] ?? mean);
    sampleUs.push(us);
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  }

  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'}\t${where(n.callFrame.url, n.callFrame.lineNumber)}`;
  const areas = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    totalUs += us;
    const area = areaOf(n.callFrame.url, n.callFrame.functionName);
    if (area === '(idle)') {
      idleUs += us;
      continue;
    }
    areas.set(area, (areas.get(area) ?? 0) + us);
    selfByFn.set(key(n), (selfByFn.get(key(n)) ?? 0) + us);
  }

  // Inclusive: every distinct function on the sampled stack gets the sample's time once.
  const inclusive = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    let id: number | undefined = profile.samples[i]!;
    const first = byId.get(id)!;
    if (first.callFrame.functionName === '(idle)' || sampleUs[i] === 0) continue;
    const seen = new Set<string>();
    while (id !== undefined) {
      const n = byId.get(id)!;
      if (n.callFrame.url) seen.add(key(n));
      id = parent.get(id);
    }
    for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + sampleUs[i]!);
  }

  const busyUs = totalUs - idleUs;
  const pct = (us: number) => round((100 * us) / Math.max(1, busyUs), 1);
  const split = (k: string) => {
    const [fn = '', at = ''] = k.split('\t');
    return { fn, where: at };
  };
  return {
    file,
    totalMs: round(totalUs / 1000, 0),
    busyMs: round(busyUs / 1000, 0),
    areas: [...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([area, us]) => ({ area, selfMs: round(us / 1000, 0), percentOfBusy: pct(us) })),
    selfTop: [...selfByFn]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({ ...split(k), selfMs: round(us / 1000, 0), percentOfBusy: pct(us) })),
    inclusiveTop: [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({ ...split(k), totalMs: round(us / 1000, 0), percentOfBusy: pct(us) })),
  };
}

export function printProfile(s: ProfileSummary) {
  const cut = (text: string, n: number) => (text.length > n ? `…${text.slice(-(n - 1))}` : text);
  console.log(
    `\nCPU profile ${path.relative(process.cwd(), s.file)}: ${fmtInt(s.busyMs)} ms busy of ${fmtInt(s.totalMs)} ms`,
  );
  console.log(
    `\n${table(
      ['self time by area', 'ms', '% of busy'],
      s.areas.slice(0, 20).map((a) => [a.area, fmtInt(a.selfMs), `${a.percentOfBusy}%`]),
    )}`,
  );
  console.log(
    `\n${table(
      ['self time by function', 'where', 'ms', '% of busy'],
      s.selfTop.map((f) => [cut(f.fn, 40), cut(f.where, 70), fmtInt(f.selfMs), `${f.percentOfBusy}%`]),
    )}`,
  );
  console.log(
    `\n${table(
      ['inclusive time by function', 'where', 'ms', '% of busy'],
      s.inclusiveTop.map((f) => [cut(f.fn, 40), cut(f.where, 70), fmtInt(f.totalMs), `${f.percentOfBusy}%`]),
    )}`,
  );
}

if (import.meta.main) {
  const [file, topArg, skipArg] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/profile.ts <file.cpuprofile> [top=25] [skip-ms=0]');
    process.exit(2);
  }
  printProfile(summarizeProfile(file, Number(topArg ?? 25), Number(skipArg ?? 0)));
}
