// npm run backup [-- FILE]: a consistent, compressed backup of the whole shop (database and media
// on disk) into BACKUP_DIR (default .data/backups, older ones pruned), FILE, or BACKUP_S3_BUCKET.
// See the README's 'Backups' section and decision 0048.
import { BackupError } from '../apps/server/src/modules/backups/backup.ts';
import { runBackup } from '../apps/server/src/modules/backups/commands.ts';
import { loadBackupSettings } from '../apps/server/src/modules/backups/settings.ts';

const file = process.argv[2];
try {
  const run = await runBackup(loadBackupSettings(), file ? { file } : {});
  console.log(run.summary);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof BackupError) && error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
}
