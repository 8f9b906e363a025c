// A minimal ustar writer and extractor for the backup archive (decision 0048): plain files only,
// written as a stream so media of any size pass through without being held in memory, and read
// back by `tar xzf` as well as by `extractTar`. Names are checked on the way in and out: never
// absolute, never `..`, at most 100 bytes (the backup's names are short and fixed).
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

const BLOCK = 512;

export function safeEntryName(name: string): boolean {
  return (
    name.length > 0 &&
    Buffer.byteLength(name) <= 100 &&
    !name.startsWith('/') &&
    !name.split('/').some((part) => part === '..' || part === '' || part === '.')
  );
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (!safeEntryName(name)) throw new Error(`not a safe archive entry name: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 8, 'ascii');
  h.write('0000000\0', 108, 8, 'ascii');
  h.write('0000000\0', 116, 8, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  h.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    12,
    'ascii',
  );
  h.write('        ', 148, 8, 'ascii');
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export class TarWriter {
  private readonly out: Writable;
  constructor(out: Writable) {
    this.out = out;
  }

  private async write(chunk: Buffer | Uint8Array) {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async addBuffer(name: string, data: Uint8Array, mtime = new Date()) {
    await this.write(header(name, data.byteLength, mtime));
    await this.write(data);
    await this.write(padding(data.byteLength));
  }

  /** Streams a file in: its size is taken first, and a file that changes meanwhile is refused. */
  async addFile(name: string, file: string) {
    const info = await stat(file);
    await this.write(header(name, info.size, info.mtime));
    let written = 0;
    for await (const chunk of createReadStream(file)) {
      written += (chunk as Buffer).byteLength;
      if (written > info.size) throw new Error(`${file} grew while it was being archived`);
      await this.write(chunk as Buffer);
    }
    if (written !== info.size) throw new Error(`${file} shrank while it was being archived`);
    await this.write(padding(info.size));
  }

  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

/** Extracts every regular file of a tar stream under `dir`; returns the names extracted. */
export async function extractTar(input: AsyncIterable<Buffer>, dir: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let entry: { out: ReturnType<typeof createWriteStream> | null; left: number; pad: number } | null = null;
  let ended = false;
  const finishEntry = async () => {
    if (entry?.out) {
      entry.out.end();
      await once(entry.out, 'finish');
    }
  };
  for await (const chunk of input) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (entry) {
        if (entry.left > 0) {
          if (pending.length === 0) break;
          const take = Math.min(entry.left, pending.length);
          if (entry.out && !entry.out.write(pending.subarray(0, take))) await once(entry.out, 'drain');
          entry.left -= take;
          pending = pending.subarray(take);
          if (entry.left > 0) break;
        }
        if (pending.length < entry.pad) break;
        pending = pending.subarray(entry.pad);
        await finishEntry();
        entry = null;
      }
      if (pending.length < BLOCK) break;
      const h = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        break;
      }
      const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const prefix = h.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
      const full = prefix ? `${prefix}/${name}` : name;
      const size = Number.parseInt(
        h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0',
        8,
      );
      const type = String.fromCharCode(h[156]!);
      let out: ReturnType<typeof createWriteStream> | null = null;
      if (type === '0' || type === '\0') {
        if (!safeEntryName(full)) throw new Error(`the archive holds an unsafe name: ${full}`);
        const target = path.join(dir, full);
        await mkdir(path.dirname(target), { recursive: true });
        out = createWriteStream(target);
        names.push(full);
      }
      entry = { out, left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
    }
  }
  if (entry || !ended) {
    await finishEntry();
    throw new Error('the archive is truncated');
  }
  return names;
}
