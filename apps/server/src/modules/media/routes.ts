// Media: the generic back-office upload (POST /api/admin/media) and, when media live on local
// disk, the files themselves under /media/ with immutable caching.
//
// Contract of POST /api/admin/media?kind=product|banner|logo|section (admin only: 401/403):
//   request  multipart/form-data with one file in the field `file` (JPEG, PNG, WebP or AVIF,
//            recognised by content; at most MEDIA_MAX_UPLOAD_MB, default 8)
//   201      { url, srcSet, width, height, sources: [{ url, width }] }: every width as WebP
//            (kind decides the widths, see MEDIA_WIDTHS in packages/shared/src/media.ts); keep
//            `url` (about 800 px) as the image and `srcSet` for <img srcset>
//   400      { message, errors: { file } } not an accepted image, unreadable, or no file
//   413      { message, errors: { file } } larger than the limit
//   503      storage (S3) unavailable
// Nothing is stored on a refusal. The upload is audited ('media.upload'); the record that uses
// the URL (banner, logo, section) is saved and audited by its own screen.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ErrorBody } from '@spice/shared/contracts/common';
import { MediaUpload, MediaUploadQuery } from '@spice/shared/contracts/products-admin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { MEDIA_CACHE_CONTROL, MEDIA_KEY_PATTERN } from './storage.ts';
import { readImageUpload, registerUploads } from './uploads.ts';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, media } = app.services;
  const maxMb = app.config.MEDIA_MAX_UPLOAD_MB;
  neverCache(app);
  await registerUploads(app, maxMb);

  app.post(
    '/admin/media',
    {
      // Refused before a byte of the upload is read.
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary: 'Upload an image (multipart field `file`); answers its stored URLs at web widths',
        consumes: ['multipart/form-data'],
        querystring: MediaUploadQuery,
        response: { 201: MediaUpload, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request, accounts);
      const upload = await readImageUpload(request, maxMb);
      return reply
        .status(201)
        .send(await media.upload(admin, upload.bytes, request.query.kind, upload.filename));
    },
  );
};

/** Serves MEDIA_DIR at /media/ (disk storage only): content-hashed names, cached for a year. */
export async function registerMediaFiles(app: FastifyInstance, dir: string): Promise<void> {
  const root = path.resolve(dir);
  app.get<{ Params: { key: string } }>('/media/:key', async (request, reply) => {
    const { key } = request.params;
    if (!MEDIA_KEY_PATTERN.test(key)) return reply.status(404).send({ message: 'No such image.' });
    const file = path.join(root, key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return reply.status(404).send({ message: 'No such image.' });
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', info.size)
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .send(createReadStream(file));
  });
}
