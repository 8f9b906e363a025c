// Image processing with sharp: turned upright from its EXIF orientation, resized to the kind's
// web widths (never upscaled), encoded as WebP. sharp writes no metadata unless asked, so EXIF
// (camera, GPS position), ICC and XMP are stripped from every output.
import { createHash } from 'node:crypto';
import {
  IMAGE_DIMENSIONS_TOO_LARGE,
  IMAGE_UNREADABLE,
  type MediaKind,
  targetWidths,
} from '@spice/shared/media';
import sharp from 'sharp';
import { AppError } from '../../plugins/errors.ts';

/** Decompression bombs (a tiny file that decodes to gigapixels) are refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  /** Content-hashed file name, e.g. 3f9a…-800.webp */
  key: string;
  width: number;
  height: number;
  body: Buffer;
  contentType: 'image/webp';
}

export async function processImage(input: Uint8Array, kind: MediaKind): Promise<ProcessedImage[]> {
  let width: number;
  try {
    // autoOrient: width and height as the image is shown, after its EXIF rotation.
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true }).metadata();
    width = meta.autoOrient?.width ?? meta.width;
  } catch (error) {
    throw refusal(error);
  }
  const outputs: ProcessedImage[] = [];
  for (const target of targetWidths(kind, width)) {
    try {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 20);
      outputs.push({
        key: `${hash}-${info.width}.webp`,
        width: info.width,
        height: info.height,
        body: data,
        contentType: 'image/webp',
      });
    } catch (error) {
      throw refusal(error);
    }
  }
  return outputs;
}

function refusal(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  return /pixel limit/i.test(message)
    ? new AppError('invalid', IMAGE_DIMENSIONS_TOO_LARGE, { file: IMAGE_DIMENSIONS_TOO_LARGE })
    : new AppError('invalid', IMAGE_UNREADABLE, { file: IMAGE_UNREADABLE });
}
