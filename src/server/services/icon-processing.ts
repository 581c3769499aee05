import type { Sharp, SharpOptions } from 'sharp';

import { ICON_UPLOAD_MAX_BYTES } from '@shared/api/catalogue';
import { ErrorCode } from '@shared/api/errors';
import { LIMITS } from '@shared/constants';

import { AppError } from '../errors';

/**
 * Decompression-bomb guard: a 5 MB PNG can claim 100,000 × 100,000 pixels. Anything above
 * this many pixels is refused before it is decoded (about 6,300 × 6,300).
 */
export const ICON_MAX_INPUT_PIXELS = 40_000_000;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'svg']);
/** Tried in order until the WebP fits the byte limit (an icon over 102,400 bytes is re-compressed). */
const QUALITIES = [80, 70, 60, 50, 40, 30, 20];
/** If even the lowest quality is too big (noise compresses badly), the edge shrinks. */
const FALLBACK_EDGES = [224, 192, 160, 128, 96, 64, 32];
/**
 * libwebp effort 2 instead of the default 4: about 3× faster for about 10% more bytes on
 * typical icons, which keeps the first start (about 70 seed icons) quick.
 */
const EFFORT = 2;

export interface IconLimits {
  maxPx: number;
  maxBytes: number;
}

export interface ProcessedIcon {
  webp: Buffer;
  width: number;
  height: number;
  /** The quality the stored WebP was encoded with. */
  quality: number;
}

export const invalidImage = () => new AppError(400, ErrorCode.INVALID_IMAGE, 'The icon must be a PNG, JPEG, WebP, GIF or SVG image.');
export const imageTooLarge = () => new AppError(413, ErrorCode.IMAGE_TOO_LARGE, 'The icon is too large (5 MB at most).');
const tooManyPixels = () =>
  new AppError(413, ErrorCode.IMAGE_TOO_LARGE, 'The icon has too many pixels (40 megapixels at most). Please upload a smaller image.');

/**
 * Turns an uploaded image into the stored icon: EXIF rotation applied, fitted inside
 * 256 × 256 (a raster image is never enlarged; an SVG is drawn at that size, since a vector
 * loses nothing), WebP, at most 102400 bytes. Throws INVALID_IMAGE / IMAGE_TOO_LARGE.
 */
export async function processIcon(
  input: Buffer,
  limits: IconLimits = { maxPx: LIMITS.iconMaxPx, maxBytes: LIMITS.iconMaxBytes },
): Promise<ProcessedIcon> {
  if (input.length > ICON_UPLOAD_MAX_BYTES) throw imageTooLarge();
  if (input.length === 0) throw invalidImage();
  // Loaded on first use: the server starts faster when nothing needs processing.
  const { default: sharp } = await import('sharp');
  const base: SharpOptions = { limitInputPixels: ICON_MAX_INPUT_PIXELS, failOn: 'error', animated: false };

  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width, height } = await sharp(input, base).metadata());
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : invalidImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw invalidImage();
  const options: SharpOptions = { ...base };
  if (format === 'svg') {
    // Metadata measures an SVG at 72 dpi; pick the density that draws its longer edge at maxPx.
    options.density = Math.min(100_000, Math.max(1, (72 * limits.maxPx) / Math.max(width, height)));
  } else if (width * height > ICON_MAX_INPUT_PIXELS) {
    throw tooManyPixels();
  }

  // Decode, rotate and fit once; every encoding attempt below starts from these pixels.
  let fitted: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    fitted = await sharp(input, options)
      .rotate()
      .resize(limits.maxPx, limits.maxPx, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : invalidImage();
  }
  const { data, info } = fitted;
  const pixels = (): Sharp => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

  for (const quality of QUALITIES) {
    // Alpha is lossless by default; noisy transparency alone can pass the limit, so it steps down too.
    const webp = await pixels().webp({ quality, alphaQuality: quality, effort: EFFORT }).toBuffer();
    if (webp.length <= limits.maxBytes) return { webp, width: info.width, height: info.height, quality };
  }
  const lowest = QUALITIES[QUALITIES.length - 1] ?? 20;
  for (const edge of FALLBACK_EDGES) {
    if (edge >= Math.max(info.width, info.height)) continue;
    const { data: webp, info: out } = await pixels()
      .resize(edge, edge, { fit: 'inside' })
      .webp({ quality: lowest, alphaQuality: lowest, effort: EFFORT })
      .toBuffer({ resolveWithObject: true });
    if (webp.length <= limits.maxBytes) return { webp, width: out.width, height: out.height, quality: lowest };
  }
  throw new Error(`icon does not fit in ${limits.maxBytes} bytes even at 32 px`);
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
