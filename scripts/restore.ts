// npm run restore -- FILE|s3://bucket/key: restores a backup (npm run backup) into the empty
// database DATABASE_URL names (a new PGlite directory, or an empty PostgreSQL database) and its
// media into MEDIA_DIR. Never over a shop: a database with tables is refused.
import { BackupError } from '../apps/server/src/modules/backups/backup.ts';
import { runRestore } from '../apps/server/src/modules/backups/commands.ts';
import { loadBackupSettings } from '../apps/server/src/modules/backups/settings.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- <backup file or s3://bucket/key>');
  process.exit(2);
}
try {
  console.log(await runRestore(loadBackupSettings(), source));
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof BackupError) && error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
}
