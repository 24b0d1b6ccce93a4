/**
 * Image uploads are re-encoded with sharp (docs/design.md "images"): orientation applied, every piece of metadata
 * (EXIF with GPS, XMP, IPTC) dropped, the longest side bounded, plus a small thumbnail for cards and lists.
 */
import sharp from 'sharp';
import { MEDIA } from '#common/constants';
import type { Container } from './sniff';

/**
 * libvips' own limits (docs/security.md, "Hardening, third round"): two batches of 50-megapixel PNGs took the process from about 1 GB to 1.85 GB and
 * kept it there. One thread per image (the uploads themselves run in parallel) and no operation cache (every
 * upload is a different image, so the cache only holds memory) let memory return to its level.
 */
const SHARP_THREADS = 1;
sharp.concurrency(SHARP_THREADS);
sharp.cache(false);

interface EncodedImage {
  data: Buffer;
  extension: 'jpg' | 'webp';
  width: number;
  height: number;
}

export interface ProcessedImage {
  image: EncodedImage;
  thumbnail: EncodedImage;
}

/** sharp could not decode the file although its first bytes looked right (or its format is not built in). */
export class UnreadableImageError extends Error {
  constructor(
    cause: unknown,
    /** What the first bytes said it was; `heic` fails when libvips lacks an HEVC decoder. */
    public readonly container: Container,
  ) {
    super('The image could not be read', { cause });
    this.name = 'UnreadableImageError';
  }
}

/** The image declares more pixels than MEDIA.imageMaxPixels: refused before it is decoded. */
export class ImageTooLargeError extends Error {
  constructor(public readonly pixels: number) {
    super(`The image has ${pixels} pixels (at most ${MEDIA.imageMaxPixels})`);
    this.name = 'ImageTooLargeError';
  }
}

/**
 * Photos become JPEG; images with transparency or animation become WebP (keeping both). sharp writes no
 * metadata unless asked to, so the output carries no EXIF/GPS whatever the input had.
 */
export async function processImage(input: string | Buffer, container: Container): Promise<ProcessedImage> {
  const options = { limitInputPixels: MEDIA.imageMaxPixels, failOn: 'error' as const };
  const mayAnimate = container === 'gif' || container === 'webp';
  // The header only (nothing is decoded): without the pixel limit here, so a too-large image is told apart
  // from an unreadable one and answered 413, below.
  const metadata = await sharp(input, { ...options, limitInputPixels: false, animated: mayAnimate })
    .metadata()
    .catch((error: unknown) => {
      throw new UnreadableImageError(error, container);
    });
  // The header's size, all frames together: sharp's limitInputPixels stays as a second net during decoding.
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MEDIA.imageMaxPixels) throw new ImageTooLargeError(pixels);
  const animated = mayAnimate && (metadata.pages ?? 1) > 1;
  const asWebp = animated || metadata.hasAlpha === true;

  const encode = async (maxSide: number, thumbnail: boolean): Promise<EncodedImage> => {
    // Thumbnails use the first frame only; the full image keeps an animation.
    let pipeline = sharp(input, { ...options, animated: animated && !thumbnail });
    if (!animated) pipeline = pipeline.rotate(); // apply EXIF orientation before the EXIF is dropped
    pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    const webp = asWebp || thumbnail;
    pipeline = webp ? pipeline.webp({ quality: thumbnail ? 70 : 82 }) : pipeline.jpeg({ quality: 85, mozjpeg: true });
    try {
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { data, extension: webp ? 'webp' : 'jpg', width: info.width, height: info.pageHeight ?? info.height };
    } catch (error) {
      throw new UnreadableImageError(error, container);
    }
  };

  const [image, thumbnail] = await Promise.all([
    encode(MEDIA.imageMaxSide, false),
    encode(MEDIA.thumbnailMaxSide, true),
  ]);
  return { image, thumbnail };
}
