// The backup's pure rules: the file name a backup gets, which old backups a run deletes, and
// whether this machine's pg_dump can dump the server (decision 0048).

export const BACKUP_PREFIX = 'shop-';
export const BACKUP_SUFFIX = '.tar.gz';

/** `shop-20261129T033000Z.tar.gz`: sorts by time, one per second at most. */
export function backupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${BACKUP_PREFIX}${stamp}${BACKUP_SUFFIX}`;
}

/** The time in a backup's name, or null for a file that is not one of ours. */
export function backupTime(name: string): Date | null {
  const m = /^shop-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/.exec(name);
  if (!m) return null;
  const time = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

export interface Retention {
  /** Backups younger than this many days are kept. */
  keepDays: number;
  /** The newest this many are kept whatever their age (a shop that stopped backing up keeps some). */
  keepAtLeast: number;
}

export const DEFAULT_RETENTION: Retention = { keepDays: 30, keepAtLeast: 7 };

/** The names of our backups to delete at `now`; other files are never touched. */
export function expiredBackups(names: readonly string[], now: Date, retention: Retention): string[] {
  const ours = names
    .map((name) => ({ name, time: backupTime(name) }))
    .filter((b): b is { name: string; time: Date } => b.time !== null)
    .sort((a, b) => b.time.getTime() - a.time.getTime());
  const cutoff = now.getTime() - retention.keepDays * 86_400_000;
  return ours
    .filter((b, index) => index >= retention.keepAtLeast && b.time.getTime() < cutoff)
    .map((b) => b.name);
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian …)` or a server_version_num. */
export function majorVersion(text: string): number | null {
  const num = /^\d{5,6}$/.exec(text.trim());
  if (num) return Math.floor(Number(text.trim()) / 10000);
  const m = /(?:PostgreSQL\)?\s+)?(\d+)(?:\.\d+)?/.exec(text.replace(/^[^\d]*/, ''));
  return m ? Number(m[1]) : null;
}

/**
 * Why this pg_dump cannot dump that server, or null when it can: pg_dump refuses a server of a
 * newer major version than its own, and an older one it dumps fine.
 */
export function pgDumpProblem(pgDumpVersion: string, serverVersionNum: string): string | null {
  const tool = majorVersion(pgDumpVersion);
  const server = majorVersion(serverVersionNum);
  if (tool === null) return `could not read pg_dump's version from "${pgDumpVersion.trim()}"`;
  if (server === null) return `could not read the server's version from "${serverVersionNum}"`;
  if (tool >= server) return null;
  return `pg_dump ${tool} cannot dump a PostgreSQL ${server} server: install the client of ${server} (apt-get install postgresql-client-${server}) and set PG_DUMP=/usr/lib/postgresql/${server}/bin/pg_dump (PG_RESTORE likewise)`;
}
