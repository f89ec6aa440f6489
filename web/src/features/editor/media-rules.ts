import { t } from "@lingui/core/macro";
import { formatNumber } from "@/lib/i18n/format";

// The buckets' limits (migration 20261101000900_storage.sql, product.md §5), checked before a
// byte is sent so the host hears it at once, in the product's words.

export type MediaKind = "cover" | "video";

const MB = 1024 * 1024;

export const MEDIA_RULES = {
  cover: {
    bucket: "event-covers",
    types: { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as Record<string, string>,
    maxBytes: 5 * MB,
    wrongType: () => t`The cover must be a JPEG, PNG or WebP image.`,
    tooBig: () => t`The cover image can be at most 5 MB.`,
  },
  video: {
    bucket: "event-videos",
    types: { "video/mp4": "mp4", "video/webm": "webm" } as Record<string, string>,
    maxBytes: 100 * MB,
    wrongType: () => t`The video must be an MP4 or WebM file.`,
    tooBig: () => t`The video can be at most 100 MB.`,
  },
} as const;

export type MediaBucket = (typeof MEDIA_RULES)[MediaKind]["bucket"];

/** Why this file cannot be the event's cover/video, or null when it can. */
export function mediaProblem(kind: MediaKind, file: Pick<File, "type" | "size">): string | null {
  const rule = MEDIA_RULES[kind];
  if (!(file.type in rule.types)) return rule.wrongType();
  if (file.size > rule.maxBytes) return rule.tooBig();
  return null;
}

/**
 * Where the file goes: `<event id>/<kind>-<random>.<ext>`. The storage policies allow hosts to
 * write under their event's id; a fresh name per upload means no cache ever serves an old file.
 */
export function mediaObjectName(kind: MediaKind, eventId: string, file: Pick<File, "type">, random: string = crypto.randomUUID()): string {
  const ext = MEDIA_RULES[kind].types[file.type] ?? "bin";
  return `${eventId}/${kind}-${random.slice(0, 8)}.${ext}`;
}

/** "4.2 MB", "4,2 Mo" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return formatNumber(bytes, { style: "unit", unit: "byte", unitDisplay: "short" });
  if (bytes < MB) return formatNumber(Math.round(bytes / 1024), { style: "unit", unit: "kilobyte", unitDisplay: "short" });
  return formatNumber(bytes / MB, { style: "unit", unit: "megabyte", unitDisplay: "short", maximumFractionDigits: 1, minimumFractionDigits: 1 });
}
