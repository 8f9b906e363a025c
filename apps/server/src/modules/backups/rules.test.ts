import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backupName, backupTime, expiredBackups, majorVersion, pgDumpProblem } from './rules.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-29T22:00:00Z');
const daysAgo = (n: number) => backupName(new Date(now.getTime() - n * DAY));

describe('backup names', () => {
  it('names a backup by its UTC second and reads the time back', () => {
    expect(backupName(new Date('2026-11-29T03:30:07.123Z'))).toBe('shop-20261129T033007Z.tar.gz');
    expect(backupTime('shop-20261129T033007Z.tar.gz')).toEqual(new Date('2026-11-29T03:30:07Z'));
  });

  it('does not take other files for backups', () => {
    for (const name of [
      'notes.txt',
      'shop-2026.tar.gz',
      'shop-20261129T033007Z.tar.gz.partial',
      'shop-20261399T000000Z.tar.gz',
    ])
      expect(backupTime(name)).toBeNull();
  });

  it('round-trips every second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), (s) => {
        const at = new Date(s * 1000);
        expect(backupTime(backupName(at))).toEqual(at);
      }),
    );
  });
});

describe('which backups a run deletes', () => {
  const retention = { keepDays: 30, keepAtLeast: 7 };

  it.each([
    [
      'a month of daily backups: only those past 30 days',
      Array.from({ length: 40 }, (_, i) => daysAgo(i)),
      9,
    ],
    [
      'a shop that stopped backing up long ago keeps its newest seven',
      [100, 101, 102, 103, 104, 105, 106, 107, 108].map(daysAgo),
      2,
    ],
    ['young backups are all kept', [0, 1, 2, 29.9].map(daysAgo), 0],
  ])('%s', (_label, names, deleted) => {
    expect(expiredBackups(names, now, retention)).toHaveLength(deleted);
  });

  it('never touches a file that is not a backup', () => {
    expect(
      expiredBackups(['old-notes.tar.gz', 'shop.pid', daysAgo(400)], now, { keepDays: 1, keepAtLeast: 0 }),
    ).toEqual([daysAgo(400)]);
  });

  it('keeps the newest N and everything younger than the limit, deletes only the rest', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 400 * 24 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        (hoursAgo, keepDays, keepAtLeast) => {
          const names = hoursAgo.map((h) => backupName(new Date(now.getTime() - h * 3_600_000)));
          const gone = new Set(expiredBackups(names, now, { keepDays, keepAtLeast }));
          const newestFirst = [...names].sort().reverse();
          newestFirst.forEach((name, index) => {
            const age = now.getTime() - backupTime(name)!.getTime();
            expect(gone.has(name)).toBe(index >= keepAtLeast && age > keepDays * DAY);
          });
        },
      ),
    );
  });
});

describe('whether this pg_dump can dump the server', () => {
  it.each([
    ['pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)', '150020', null],
    ['pg_dump (PostgreSQL) 17.2', '150004', null],
    ['pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)', '170002', /postgresql-client-17/],
    ['pg_dump (PostgreSQL) 9.6.24', '90624', null],
    ['something else', '150020', /could not read pg_dump/],
  ])('%s against %s', (tool, server, expected) => {
    const problem = pgDumpProblem(tool, server);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('reads the major version of both kinds of text', () => {
    expect(majorVersion('pg_dump (PostgreSQL) 16.4')).toBe(16);
    expect(majorVersion('180006')).toBe(18);
  });
});

describe("the PostgreSQL tools' connection", () => {
  it('keeps the password out of the arguments', async () => {
    const { connectionArgs } = await import('./backup.ts');
    const { args, env } = connectionArgs('postgres://shop:s%40cret@db.internal:5432/shop?sslmode=require');
    expect(args).toEqual(['--dbname=postgres://shop@db.internal:5432/shop?sslmode=require']);
    expect(env.PGPASSWORD).toBe('s@cret');
    expect(connectionArgs('postgres://postgres@127.0.0.1:5432/test').env.PGPASSWORD).toBe(
      process.env.PGPASSWORD,
    );
  });
});
