import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage, UnreadableImageError } from './images';
import { jpegWithGps, pngWithAlpha } from './test-support/test-media';

describe('images', () => {
  it('strips EXIF/GPS, bounds the longest side and makes a thumbnail', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { image, thumbnail } = await processImage(input, 'jpeg');
    const meta = await sharp(image.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBe(2048);
    expect(image.data.includes(Buffer.from('SpyCam'))).toBe(false);
    const thumb = await sharp(thumbnail.data).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBe(400);
    expect(thumb.exif).toBeUndefined();
  });

  it('keeps transparency as WebP and never enlarges', async () => {
    const { image } = await processImage(await pngWithAlpha(64, 48), 'png');
    const meta = await sharp(image.data).metadata();
    expect(image.extension).toBe('webp');
    expect(meta.hasAlpha).toBe(true);
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('refuses bytes that start like a JPEG but are not one', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
    await expect(processImage(broken, 'jpeg')).rejects.toThrow(UnreadableImageError);
  });
});

describe("sharp's memory", () => {
  it('runs one libvips thread per image and keeps no operation cache', async () => {
    const sharp = (await import('sharp')).default;
    expect(sharp.concurrency()).toBe(1);
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(cache.files.max).toBe(0);
  });
});
