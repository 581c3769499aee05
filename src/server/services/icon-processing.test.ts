import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { ICON_MAX_INPUT_PIXELS, processIcon } from './icon-processing';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

function noise(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(Math.random() * 256);
  return raw;
}

/** Rewrites a PNG's IHDR width and height (and its CRC): the pixels stay 8 × 8. */
function withDimensions(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('processIcon', () => {
  it('fits a large noisy PNG inside 256 × 256 as a WebP of at most 102400 bytes', async () => {
    const png = await sharp(noise(1200, 800), { raw: { width: 1200, height: 800, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const icon = await processIcon(png);
    const meta = await sharp(icon.webp).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 171]);
    expect(icon.webp.length).toBeLessThanOrEqual(102_400);
  });

  it('lowers the quality, then the size, until the bytes fit', async () => {
    const png = await sharp(noise(256, 256), { raw: { width: 256, height: 256, channels: 3 } })
      .png()
      .toBuffer();
    const roomy = await processIcon(png, { maxPx: 256, maxBytes: 102_400 });
    const tight = await processIcon(png, { maxPx: 256, maxBytes: 20_000 });
    expect(tight.webp.length).toBeLessThanOrEqual(20_000);
    expect(tight.quality).toBeLessThan(roomy.quality);
    const tiny = await processIcon(png, { maxPx: 256, maxBytes: 4_000 });
    expect(tiny.webp.length).toBeLessThanOrEqual(4_000);
    expect(tiny.width).toBeLessThan(256);
  });

  it('never enlarges a small raster image, but draws an SVG at full size', async () => {
    const small = await processIcon(await solid(40, 20).png().toBuffer());
    expect([small.width, small.height]).toEqual([40, 20]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><circle cx="12" cy="12" r="10"/></svg>',
    );
    const drawn = await processIcon(svg);
    expect([drawn.width, drawn.height]).toEqual([256, 256]);
  });

  it('applies the EXIF orientation', async () => {
    const rotated = await solid(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const icon = await processIcon(rotated);
    expect([icon.width, icon.height]).toEqual([100, 200]);
  });

  it('refuses what is not a PNG, JPEG, WebP, GIF or SVG image', async () => {
    for (const input of [
      Buffer.from('just some text\n'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(0),
      await solid(10, 10).tiff().toBuffer(),
    ]) {
      await expect(processIcon(input)).rejects.toMatchObject({
        statusCode: 400,
        code: 'INVALID_IMAGE',
        message: 'The icon must be a PNG, JPEG, WebP, GIF or SVG image.',
      });
    }
  });

  it('refuses uploads over 5 MB and images with too many pixels before decoding them', async () => {
    await expect(processIcon(Buffer.alloc(5 * 1024 * 1024 + 1))).rejects.toMatchObject({ statusCode: 413, code: 'IMAGE_TOO_LARGE' });
    // The classic bomb: a small file whose header claims 100,000 × 100,000 pixels.
    const bomb = withDimensions(await solid(8, 8).png().toBuffer(), 100_000, 100_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    await expect(processIcon(bomb)).rejects.toMatchObject({ statusCode: 413, code: 'IMAGE_TOO_LARGE' });
    expect(ICON_MAX_INPUT_PIXELS).toBeLessThan(100_000 * 100_000);
  });
});
