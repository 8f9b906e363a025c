// Loads the vendored India Post pincode directory (data/pincodes.tsv.gz, built by
// scripts/build-pincodes.ts) into the pincodes table, each pincode with its post-office localities. Runs as part of migrate(), after the SQL
// migrations, under the boot lock: a drizzle migration cannot bulk-load 19,000 rows from a file.
// Idempotent: a database that already holds this build of the file (by checksum) is left alone;
// a new build replaces the table's rows in one transaction.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pincodeDirectoryLoads } from './schema.ts';

const FILE = new URL('./data/pincodes.tsv.gz', import.meta.url);

export interface DirectoryRow {
  pincode: string;
  city: string;
  district: string;
  state: string;
}

/** A line of the file: the place and its localities as the file holds them, joined by '|'. */
export interface DirectoryLine extends DirectoryRow {
  localities: string;
}

/** The localities of a line of the file ('' is none). */
export const splitLocalities = (joined: string): string[] => (joined ? joined.split('|') : []);

export function readDirectoryFile(): { checksum: string; rows: DirectoryLine[] } {
  const gz = readFileSync(FILE);
  const rows = gunzipSync(gz)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pincode = '', city = '', district = '', state = '', localities = ''] = line.split('\t');
      return { pincode, city, district, state, localities };
    });
  return { checksum: createHash('sha256').update(gz).digest('hex'), rows };
}

/** Loads the directory unless this build is already in; answers whether it loaded. */
export async function loadPincodeDirectory(db: Db): Promise<boolean> {
  const { checksum, rows } = readDirectoryFile();
  const done = await db.execute(sql`select 1 from ${pincodeDirectoryLoads} where checksum = ${checksum}`);
  if ((done as unknown as { rows: unknown[] }).rows.length > 0) return false;
  const column = (key: keyof DirectoryLine) => `{${rows.map((r) => JSON.stringify(r[key])).join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from pincodes`);
    // One statement, five array parameters: far faster than 19,000 row inserts on PGlite. A
    // pincode's localities travel as the file's one '|'-joined text (an array of arrays would
    // have to be rectangular) and are split in the database.
    await tx.execute(sql`
      insert into pincodes (pincode, city, district, state, localities)
      select p, c, d, s, string_to_array(l, '|')
      from unnest(${column('pincode')}::text[], ${column('city')}::text[], ${column('district')}::text[],
                  ${column('state')}::text[], ${column('localities')}::text[]) as f(p, c, d, s, l)`);
    await tx.delete(pincodeDirectoryLoads);
    await tx.insert(pincodeDirectoryLoads).values({ checksum, rows: rows.length });
  });
  return true;
}
