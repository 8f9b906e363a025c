// The upload pipeline shared by every back-office screen: check the bytes are an accepted image
// (sniffed, never trusted from the name), resize to the kind's web widths as WebP, store every
// width. Nothing is stored unless every check and every resize succeeded.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { MediaUploadDto } from '@spice/shared/contracts/products-admin';
import { defaultSource, srcSetOf } from '@spice/shared/images';
import { IMAGE_TYPE_REFUSED, type MediaKind, sniffImageType } from '@spice/shared/media';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import { processImage } from './images.ts';
import type { MediaStorage } from './storage.ts';

export const STORAGE_UNAVAILABLE = 'The image could not be stored just now. Please try again in a moment.';

export type MediaService = ReturnType<typeof createMediaService>;

export function createMediaService(
  storage: MediaStorage,
  deps: {
    audit: AuditService;
    log: { error(obj: object, msg: string): void };
    /** MEDIA_MAX_UPLOAD_MB, for forms that check a file before sending it. */
    maxUploadMb: number;
  },
) {
  async function store(bytes: Uint8Array, kind: MediaKind): Promise<MediaUploadDto> {
    if (!sniffImageType(bytes))
      throw new AppError('invalid', IMAGE_TYPE_REFUSED, { file: IMAGE_TYPE_REFUSED });
    const outputs = await processImage(bytes, kind);
    let sources: { url: string; width: number }[];
    try {
      sources = await Promise.all(
        outputs.map(async (o) => ({ url: await storage.put(o.key, o.body, o.contentType), width: o.width })),
      );
    } catch (error) {
      deps.log.error({ err: error, storage: storage.kind }, 'media storage failed');
      throw new AppError('unavailable', STORAGE_UNAVAILABLE);
    }
    const widest = outputs[outputs.length - 1]!;
    return {
      url: defaultSource(sources)!,
      srcSet: srcSetOf(sources),
      width: widest.width,
      height: widest.height,
      sources,
    };
  }

  return {
    storageKind: storage.kind,
    maxUploadMb: deps.maxUploadMb,
    /** Checks, resizes and stores an image; the caller records what uses it. */
    store,

    /** The generic back-office upload: stored, and the upload itself recorded in the audit log. */
    async upload(
      admin: UserDto,
      bytes: Uint8Array,
      kind: MediaKind,
      filename: string,
    ): Promise<MediaUploadDto> {
      const stored = await store(bytes, kind);
      await deps.audit.audit({
        actorUserId: admin.id,
        action: 'media.upload',
        entity: 'media',
        entityId: stored.url,
        before: null,
        after: { kind, filename, bytes: bytes.length, sources: stored.sources },
      });
      return stored;
    },
  };
}
