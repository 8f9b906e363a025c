// Media on local disk, under MEDIA_DIR (default ./.data/media), served by the server at /media/.
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './storage.ts';

export const MEDIA_URL_PREFIX = '/media/';

export function createDiskStorage(dir: string): MediaStorage & { dir: string } {
  const root = path.resolve(dir);
  return {
    kind: 'disk',
    dir: root,
    async put(key, body) {
      const file = path.join(root, key);
      const exists = await access(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(root, { recursive: true });
        // Written aside and renamed, so a reader never sees half a file.
        const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(temporary, body);
        await rename(temporary, file);
      }
      return `${MEDIA_URL_PREFIX}${key}`;
    },
  };
}
