import { StorageError } from '../storage-errors.ts';

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type FormatOption = 'origin' | 'avif' | 'webp';

/** storage-js's `TransformOptions`, validated. Absent = not asked for. */
export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  quality?: number;
  format?: FormatOption;
}

/** Hosted Supabase documents widths and heights of 1–2500; larger values are clamped, as upstream does. */
export const MAX_DIMENSION = 2500;
const RESIZE: readonly string[] = ['cover', 'contain', 'fill'];
const FORMATS: readonly string[] = ['origin', 'avif', 'webp'];

/** Upstream's schema validation message, e.g. `querystring/width must be integer`. */
function invalid(where: string, message: string): StorageError {
  return new StorageError(400, 'InvalidRequest', `${where} ${message}`, { error: 'Bad Request' });
}

function integer(value: unknown, where: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw invalid(where, 'must be integer');
  return n;
}

function oneOf<T extends string>(value: unknown, allowed: readonly string[], where: string): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !allowed.includes(value)) throw invalid(where, 'must be equal to one of the allowed values');
  return value as T;
}

/**
 * Options from a render URL's query string (`querystring/…`) or a signing body's `transform`
 * (`body/transform/…`). A width or height of 0 means "not given" (upstream skips falsy ones).
 */
export function parseTransformOptions(input: Record<string, unknown>, where: string): TransformOptions {
  const out: TransformOptions = {};
  for (const key of ['width', 'height'] as const) {
    const n = integer(input[key], `${where}/${key}`);
    if (n !== undefined && n < 0) throw invalid(`${where}/${key}`, 'must be >= 0');
    if (n) out[key] = Math.min(n, MAX_DIMENSION);
  }
  const quality = integer(input.quality, `${where}/quality`);
  if (quality !== undefined) {
    if (quality < 20) throw invalid(`${where}/quality`, 'must be >= 20');
    if (quality > 100) throw invalid(`${where}/quality`, 'must be <= 100');
    out.quality = quality;
  }
  const resize = oneOf<ResizeMode>(input.resize, RESIZE, `${where}/resize`);
  if (resize) out.resize = resize;
  const format = oneOf<FormatOption>(input.format, FORMATS, `${where}/format`);
  if (format) out.format = format;
  return out;
}

export function hasTransform(o: TransformOptions): boolean {
  return Object.keys(o).length > 0;
}

/**
 * The `transformations` claim of a signed URL: `height:200,width:200,resize:cover,quality:60`,
 * the form upstream signs (so the options cannot be changed once signed).
 */
export function toTokenString(o: TransformOptions): string {
  const parts: string[] = [];
  if (o.height) parts.push(`height:${o.height}`);
  if (o.width) parts.push(`width:${o.width}`);
  if (o.resize) parts.push(`resize:${o.resize}`);
  if (o.quality) parts.push(`quality:${o.quality}`);
  if (o.format) parts.push(`format:${o.format}`);
  return parts.join(',');
}

/** The claim back into options; unknown or malformed parts are ignored, as upstream does. */
export function fromTokenString(s: string | undefined): TransformOptions {
  const input: Record<string, string> = {};
  for (const part of (s ?? '').split(',')) {
    const [name, value] = part.split(':');
    if (name && value) input[name] = value;
  }
  try {
    return parseTransformOptions(input, 'token');
  } catch {
    return {}; // a signed claim we wrote ourselves; anything odd in it is simply not applied
  }
}

/** imgproxy's names for the resize modes, as upstream reports them. */
const RESIZING_TYPE: Record<ResizeMode, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

/** The `X-Transformations` response header upstream sends: `height:200,width:200,resizing_type:fill,quality:60`. */
export function transformationsHeader(o: TransformOptions): string {
  const parts: string[] = [];
  if (o.height) parts.push(`height:${o.height}`);
  if (o.width) parts.push(`width:${o.width}`);
  if (o.width || o.height) parts.push(`resizing_type:${RESIZING_TYPE[o.resize ?? 'cover']}`);
  if (o.quality) parts.push(`quality:${o.quality}`);
  if (o.format && o.format !== 'origin') parts.push(`format:${o.format}`);
  return parts.join(',');
}
