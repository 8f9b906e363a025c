// Test helpers for uploads: a multipart/form-data body for app.inject, real images made with
// sharp, and a count of the files in a media directory (to prove a refusal stored nothing).
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----spice${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One file in the field `file`, as the admin page sends it. */
export const imageForm = (value: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', alt?: string) =>
  multipart([
    ...(alt === undefined ? [] : [{ name: 'alt', value: alt }]),
    { name: 'file', value, filename, contentType },
  ]);

/** A photo-like JPEG with EXIF (camera make, a rotation) that the pipeline must strip. */
export async function jpegPhoto(width = 1600, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#c2560c"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f2b705"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'SpiceCam', Model: 'Test 1', Copyright: 'Secret location' } })
    .toBuffer();
}

export function pngImage(width = 600, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#256b38' } })
    .png()
    .toBuffer();
}

export async function fileCount(dir: string): Promise<number> {
  return (await readdir(dir).catch(() => [])).length;
}
