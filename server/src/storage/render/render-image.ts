import { StorageError } from '../storage-errors.ts';
import type { TransformOptions } from './transform-options.ts';

/** What a rendition is encoded as: a modern format, or the source's own ("origin"). */
export type OutputKind = 'avif' | 'webp' | 'origin';

/** Hosted Supabase's limits on source images: 25 MB and 50 megapixels. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
export const MAX_SOURCE_PIXELS = 50_000_000;
const DEFAULT_QUALITY = 80; // imgproxy's default

const sourceError = (message: string) => new StorageError(400, 'InvalidRequest', message);
export const RENDER_ERRORS = {
  tooLarge: () => sourceError('The source image file is too large to process'),
  tooManyPixels: () => sourceError('The source image resolution is too large to process'),
  unsupported: () => sourceError('The source image is invalid or unsupported for rendering'),
};

/**
 * The encoding for a request: an explicit `format` wins; otherwise the best one the client's
 * `Accept` lists (AVIF, then WebP, as imgproxy's format detection does), else the source's.
 */
export function outputKind(opts: TransformOptions, accept: string | undefined): OutputKind {
  if (opts.format) return opts.format;
  const accepted = (type: string) =>
    (accept ?? '').split(',').some((part) => {
      const [media, ...params] = part.trim().toLowerCase().split(';');
      return media?.trim() === type && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    });
  if (accepted('image/avif')) return 'avif';
  if (accepted('image/webp')) return 'webp';
  return 'origin';
}

/** The content type of encoded image bytes, from their signature. */
export function sniffImageType(b: Buffer): string {
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === '\x89PNG') return 'image/png';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (b.subarray(4, 8).toString('latin1') === 'ftyp' && /avi[fs]/.test(b.subarray(8, 12).toString('latin1'))) return 'image/avif';
  if (b.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif';
  return 'application/octet-stream';
}

type Sharp = (typeof import('sharp'))['default'];
let sharpModule: Promise<Sharp> | undefined;

/** sharp (libvips) is loaded on the first rendition, not at server start. */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.cache(false); // renditions are cached as files; libvips' own cache would only hold memory
    return sharp;
  });
  return sharpModule;
}

/**
 * Resizes and re-encodes `source` as Supabase's image transformation does: `cover` crops to
 * the box from the centre, `contain` fits inside it, `fill` stretches to it; one dimension
 * alone keeps the aspect ratio. A box given with both dimensions is always delivered at that
 * size (an og:image must be 1200×630 even from a smaller upload); otherwise nothing is enlarged.
 * EXIF orientation is applied and metadata dropped; an animation becomes its first frame.
 */
export async function renderImage(source: Buffer, opts: TransformOptions, kind: OutputKind): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    // failOn 'none' is libvips' own default, which imgproxy keeps: a decoder warning or error
    // that still yields pixels (a widely copied 1×1 PNG whose zlib stream libpng rejects)
    // renders, as on Supabase; a source that yields no image at all still fails below.
    const image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'none' }).rotate();
    const { format } = await image.metadata();
    if (!format || format === 'svg' || format === 'pdf') throw RENDER_ERRORS.unsupported();
    const { width, height } = opts;
    if (width || height) {
      const box = width !== undefined && height !== undefined;
      const fit = opts.resize === 'contain' ? 'inside' : opts.resize === 'fill' ? 'fill' : 'cover';
      image.resize({ width, height, fit, withoutEnlargement: !(box && fit !== 'inside') });
    }
    const quality = opts.quality ?? DEFAULT_QUALITY;
    const target = kind === 'origin' ? originFormat(format) : kind;
    if (target === 'avif') image.avif({ quality, effort: 2 });
    else if (target === 'webp') image.webp({ quality });
    else if (target === 'png') image.png({ compressionLevel: 9 });
    else if (target === 'gif') image.gif();
    else image.jpeg({ quality, mozjpeg: true });
    return await image.toBuffer();
  } catch (err) {
    if (err instanceof StorageError) throw err;
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw RENDER_ERRORS.tooManyPixels();
    throw RENDER_ERRORS.unsupported();
  }
}

/** The format "origin" keeps: the source's own where it can be written, else JPEG. */
function originFormat(format: string): 'avif' | 'webp' | 'png' | 'gif' | 'jpeg' {
  if (format === 'heif') return 'avif'; // sharp's prebuilt libvips reads HEIF/AVIF but writes AVIF only
  if (format === 'webp' || format === 'png' || format === 'gif') return format;
  return 'jpeg';
}
