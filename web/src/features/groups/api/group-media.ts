import { GROUP_COVER, renditionUrl, srcSet } from "@shared/page-contract";
import { supabaseUrl } from "@/lib/supabase-config";

// Covers and logos are in the public bucket `group-media` under `<group id>/…` (decision 0100).
// They are shown through the storage's image renditions with a srcset, as the event page's cover
// and the page-head function do, so a phone never downloads a desktop-sized picture.

export const GROUP_MEDIA_BUCKET = "group-media";

/** The largest upload the bucket takes, and its types (the bucket refuses anything else). */
export const GROUP_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const GROUP_MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

type ImageSet = { src: string; srcSet: string; sizes: string };

function imageSet(path: string, widths: readonly number[], sizes: string, fallback: number): ImageSet {
  return {
    src: renditionUrl(supabaseUrl, GROUP_MEDIA_BUCKET, path, { width: fallback }),
    srcSet: srcSet(supabaseUrl, GROUP_MEDIA_BUCKET, path, widths),
    sizes,
  };
}

/** The group page's cover: the page column's full width (as the event page's). */
export function groupCoverImage(path: string): ImageSet {
  // The page head preloads exactly this set (supabase/functions/page-head), so it is fetched once.
  return imageSet(path, GROUP_COVER.widths, GROUP_COVER.sizes, GROUP_COVER.fallbackWidth);
}

/** A card's cover on /groups: one column on phones, two or three on wider screens. */
export function groupCardCoverImage(path: string): ImageSet {
  return imageSet(path, [320, 480, 768], "(min-width: 1024px) 320px, (min-width: 640px) 50vw, calc(100vw - 2rem)", 480);
}

/** A logo, square, shown at most 96 CSS px (192 on dense screens). */
export function groupLogoImage(path: string): { src: string; srcSet: string } {
  const at = (w: number) => renditionUrl(supabaseUrl, GROUP_MEDIA_BUCKET, path, { width: w, height: w, resize: "cover" });
  return { src: at(96), srcSet: `${at(96)} 1x, ${at(192)} 2x` };
}

/** Where an upload goes: the group's folder, a fresh name each time (renditions are cached by path). */
export function groupMediaPath(groupId: string, kind: "cover" | "logo", file: File): string {
  const ext = file.type === "image/png" ? "png" : file.type === "image/webp" ? "webp" : "jpg";
  return `${groupId}/${kind}-${Date.now().toString(36)}.${ext}`;
}
