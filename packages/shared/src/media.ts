// Uploaded images: which files the shop accepts (recognised by their first bytes, never by the
// name or the browser's claimed type) and the widths each kind of image is resized to. Used by
// the server's upload pipeline and by the back office to refuse a bad file before sending it.

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** For an `<input type="file" accept>`: a hint only, the server sniffs the bytes. */
export const IMAGE_ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');

/** How many leading bytes sniffImageType needs to see. */
export const SNIFF_BYTES = 32;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * The image type named by a file's magic bytes, or null when it is none of the accepted ones.
 * AVIF is an ISO-BMFF file whose `ftyp` box names `avif`/`avis` as its major or a compatible brand.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    const boxSize = (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!;
    const end = Math.min(boxSize > 0 ? boxSize : bytes.length, bytes.length);
    // Major brand at 8, minor version at 12, compatible brands from 16, four bytes each.
    for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, 4);
      if (brand === 'avif' || brand === 'avis') return 'image/avif';
    }
  }
  return null;
}

/** What an upload is for; decides the widths it is resized to. */
export const MEDIA_KINDS = ['product', 'banner', 'logo', 'section'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Web sizes per kind: a phone, a laptop and a high-density screen for each place it is shown. */
export const MEDIA_WIDTHS: Record<MediaKind, readonly number[]> = {
  product: [400, 800, 1200],
  banner: [800, 1600, 2400],
  logo: [200, 400],
  section: [400, 800, 1200],
};

/**
 * The widths to produce from an image `original` pixels wide: every target narrower than the
 * original, plus the original itself when it is narrower than the largest target (never upscaled).
 */
export function targetWidths(kind: MediaKind, original: number): number[] {
  const targets = MEDIA_WIDTHS[kind];
  const largest = targets[targets.length - 1]!;
  const widths = targets.filter((w) => w < original);
  widths.push(Math.min(original, largest));
  return [...new Set(widths)].sort((a, b) => a - b);
}

export function imageTooLargeMessage(maxMb: number): string {
  return `The image is larger than ${maxMb} MB. Please upload a smaller file.`;
}

export const IMAGE_TYPE_REFUSED =
  'This file is not a JPEG, PNG, WebP or AVIF image. Please upload a photo in one of those formats.';
export const IMAGE_UNREADABLE = 'This image could not be read; it may be damaged. Please try another file.';
export const IMAGE_DIMENSIONS_TOO_LARGE =
  'This image has too many pixels (more than 40 megapixels). Please upload a smaller one.';
export const IMAGE_MISSING = 'Choose an image file to upload.';
