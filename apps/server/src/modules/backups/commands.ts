// `npm run backup [-- FILE]` and `npm run restore -- FILE|s3://bucket/key` (scripts/backup.ts,
// scripts/restore.ts): settings, the embedded database's one-process rule, where the file goes,
// and the old backups a run deletes.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_DATA_DIR, openDatabase } from '../../db/client.ts';
import { dataDirHolder } from '../../db/holder.ts';
import { BackupError, createBackup, restoreBackup, type Tools } from './backup.ts';
import { backupName, expiredBackups } from './rules.ts';
import { downloadBackup, parseS3Address, uploadBackup } from './s3-backups.ts';
import type { BackupSettings } from './settings.ts';

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

function embeddedDir(url: string): string | null {
  if (isPostgres(url) || url === 'memory://') return null;
  return path.resolve(url || DEFAULT_DATA_DIR);
}

function refuseWhileHeld(dir: string, what: string) {
  const holder = dataDirHolder(dir);
  if (holder)
    throw new BackupError(
      `A shop (pid ${holder}) is running on the embedded database at ${dir}. PGlite is one process, so ${what} cannot open it beside the shop: stop the shop first (the README's 'Backups' section does it for a few seconds), or run the shop on PostgreSQL, which is backed up while it runs.`,
    );
}

export interface BackupRun {
  /** Where the backup went: a file path or an s3:// address. */
  location: string;
  bytes: number;
  deleted: string[];
  summary: string;
}

export async function runBackup(
  settings: BackupSettings,
  options: { file?: string; now?: Date; tools?: Tools } = {},
): Promise<BackupRun> {
  const now = options.now ?? new Date();
  if (settings.databaseUrl === 'memory://')
    throw new BackupError('an in-memory database has nothing to back up');
  const dir = embeddedDir(settings.databaseUrl);
  if (dir) {
    if (!existsSync(path.join(dir, 'PG_VERSION')))
      throw new BackupError(`there is no embedded database at ${dir}`);
    refuseWhileHeld(dir, 'the backup');
  }
  const name = backupName(now);
  const scratch =
    settings.s3 && !options.file ? await mkdtemp(path.join(tmpdir(), 'shop-backup-out-')) : null;
  const file = options.file ?? path.join(scratch ?? settings.dir, name);
  const database = await openDatabase(settings.databaseUrl);
  try {
    const manifest = await createBackup({
      database,
      mediaDir: settings.mediaDir,
      file,
      now,
      ...(options.tools ? { tools: options.tools } : {}),
    });
    const bytes = (await stat(file)).size;
    let location = path.resolve(file);
    let deleted: string[] = [];
    if (scratch && settings.s3) {
      location = await uploadBackup(settings.s3, file, name);
    } else if (!options.file) {
      // Only the default directory is pruned; a file named on the command line is the operator's.
      deleted = expiredBackups(await readdir(settings.dir), now, settings.retention);
      for (const old of deleted) await rm(path.join(settings.dir, old), { force: true });
    }
    const media =
      manifest.media.kind === 'disk'
        ? `${manifest.media.files} media files`
        : 'media stay in their S3 bucket';
    return {
      location,
      bytes,
      deleted,
      summary: `Backup written to ${location} (${(bytes / 1_048_576).toFixed(1)} MB: ${manifest.database.kind} database, ${media})${deleted.length ? `; deleted ${deleted.length} older than ${settings.retention.keepDays} days` : ''}.`,
    };
  } finally {
    await database.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

export async function runRestore(
  settings: BackupSettings,
  source: string,
  options: { tools?: Tools } = {},
): Promise<string> {
  const dir = embeddedDir(settings.databaseUrl);
  if (dir) refuseWhileHeld(dir, 'the restore');
  const s3 = parseS3Address(source);
  let scratch: string | null = null;
  let file = source;
  try {
    if (s3) {
      if (!settings.s3)
        throw new BackupError('restoring from s3:// needs BACKUP_S3_BUCKET and its endpoint and keys set');
      scratch = await mkdtemp(path.join(tmpdir(), 'shop-restore-in-'));
      file = path.join(scratch, 'backup.tar.gz');
      await downloadBackup(settings.s3, source, file);
    } else if (!existsSync(file)) {
      throw new BackupError(`no backup file at ${file}`);
    }
    const manifest = await restoreBackup({
      file,
      databaseUrl: settings.databaseUrl,
      mediaDir: settings.restoreMediaDir,
      ...(options.tools ? { tools: options.tools } : {}),
    });
    const where = dir ?? 'the PostgreSQL database at DATABASE_URL';
    return `Restored the backup of ${manifest.createdAt} into ${where}${manifest.media.kind === 'disk' ? ` and ${manifest.media.files} media files into ${path.resolve(settings.restoreMediaDir)}` : ''}. Start the shop (npm start): it migrates the database to this version first.`;
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}
