// The storefront build's sources as one SHA-256 (the web app and the shared package, their
// manifests with the pinned versions included; not the lockfile, which `npm prune` in the image
// may rewrite after the build),
// stored beside the build by `npm run build`. `npm start` rebuilds when the sources' hash differs
// from the stored one, so a `git pull` never serves yesterday's pages. `node scripts/source-hash.ts
// --write` stores the current hash.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build is made from, relative to the repository root. Tests are left out. */
export const BUILD_SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'packages/shared/src',
  'packages/shared/package.json',
] as const;

export const HASH_FILE = 'apps/web/build/source-hash';

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The hash of every build source's path and bytes, in a stable order. */
export function sourceHash(root: string): string {
  const hash = createHash('sha256');
  const files = BUILD_SOURCES.flatMap((s) => filesUnder(root, s))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function writeSourceHash(root: string): void {
  writeFileSync(path.join(root, HASH_FILE), `${sourceHash(root)}\n`);
}

/** Why the build must be made again, or null when it is current. */
export function staleBuildReason(root: string, serverBuild: string): string | null {
  if (!existsSync(path.join(root, serverBuild))) return 'no storefront build yet';
  const file = path.join(root, HASH_FILE);
  if (!existsSync(file)) return 'the build does not say which sources it was made from';
  return readFileSync(file, 'utf8').trim() === sourceHash(root)
    ? null
    : 'the sources changed since the last build';
}

if (import.meta.main && process.argv.includes('--write')) {
  writeSourceHash(path.resolve(import.meta.dirname, '..'));
}
