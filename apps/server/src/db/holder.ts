// Which process holds an embedded (PGlite) data directory. PGlite has no server process and no
// lock of its own: a second process can open the same files and corrupt them. The shop writes its
// pid beside the data while it runs; the backup and restore commands read it and stop.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'shop.pid';

/** Marks `dataDir` as held by this process; the returned function lets it go. */
export function holdDataDir(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, FILE);
  writeFileSync(file, `${pid}\n`);
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file, { force: true });
    } catch {}
  };
}

/** The pid of a live process holding `dataDir` (a stale file of a dead one does not count), or null. */
export function dataDirHolder(dataDir: string, alive: (pid: number) => boolean = isAlive): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, FILE), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
