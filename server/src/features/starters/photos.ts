import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../../errors';
import { NOT_AN_IMAGE } from '../../../../common/site/constants';
import { FULL_WIDTH, THUMB_WIDTH } from '../../../../common/listings/card-photo';

/** Refuse decompression bombs before decoding a single pixel. */
export const PHOTO_MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface ProcessedPhoto {
  full: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const notAnImage = () => badRequest(NOT_AN_IMAGE, { image: NOT_AN_IMAGE });

/**
 * Decodes an upload by its content (never its name or declared type), auto-rotates it and
 * re-encodes it as WebP. Nothing of the original's metadata survives: phone photos carry GPS.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let meta: Metadata;
  try {
    // Reads the header only, so the size can be refused with its own message below.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw notAnImage();
  if (!meta.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) {
    const message = 'Photo is too large (at most 40 megapixels)';
    throw badRequest(message, { image: message });
  }
  try {
    // Decoded once, straight to the full size (JPEG shrinks while it decodes); the thumbnail is
    // cut from those pixels, so a huge upload is never held or decoded twice.
    const { data, info } = await sharp(input, {
      limitInputPixels: PHOTO_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: FULL_WIDTH, height: FULL_WIDTH, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const [full, thumbnail] = await Promise.all([
      pixels().webp({ quality: 80 }).toBuffer(),
      pixels()
        .resize({
          width: THUMB_WIDTH,
          height: THUMB_WIDTH,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { full, thumbnail, width: info.width, height: info.height };
  } catch {
    // Declared as an image but does not decode (truncated, HEVC-only HEIC, corrupt).
    throw notAnImage();
  }
}
