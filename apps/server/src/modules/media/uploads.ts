// Reading one uploaded image from a multipart request, within the configured size. The limit is
// enforced while the file streams in (busboy stops at MEDIA_MAX_UPLOAD_MB), so an oversized
// upload is refused without ever being held whole in memory.
import multipart from '@fastify/multipart';
import { IMAGE_MISSING, imageTooLargeMessage } from '@spice/shared/media';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.ts';

export const ONE_FILE_ONLY = 'Upload one image at a time.';
const NOT_MULTIPART = 'Send the image as multipart/form-data in a field named file.';

/** Adds multipart parsing to this plugin scope only (the rest of the API stays JSON). */
export async function registerUploads(scope: FastifyInstance, maxMb: number): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: Math.floor(maxMb * 1024 * 1024),
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 50,
    },
  });
}

export interface Upload {
  bytes: Buffer;
  filename: string;
  /** Text fields sent with the file (e.g. alt), before or after it. */
  fields: Record<string, string>;
}

export async function readImageUpload(request: FastifyRequest, maxMb: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('invalid', NOT_MULTIPART, { file: NOT_MULTIPART });
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer().catch(() => undefined);
          throw new AppError('invalid', ONE_FILE_ONLY, { file: ONE_FILE_ONLY });
        }
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadRefusal(error, maxMb);
  }
  if (!file || file.bytes.length === 0) throw new AppError('invalid', IMAGE_MISSING, { file: IMAGE_MISSING });
  return { ...file, fields };
}

function uploadRefusal(error: unknown, maxMb: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = imageTooLargeMessage(maxMb);
    return new AppError('tooLarge', message, { file: message });
  }
  if (code === 'FST_FILES_LIMIT') return new AppError('invalid', ONE_FILE_ONLY, { file: ONE_FILE_ONLY });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new AppError('invalid', NOT_MULTIPART, { file: NOT_MULTIPART });
  }
  return error;
}
