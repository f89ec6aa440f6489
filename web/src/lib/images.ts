import { CARD_COVER, EVENT_COVER, renditionUrl, srcSet, type Rendition } from "@shared/page-contract";
import { supabaseUrl, type PublicBucket } from "./supabase-config";

// Every picture the app shows comes from /storage/v1/render/image (decision 0160): the browser
// picks the smallest rendition that fills its box (srcset/sizes), and width/height on the <img>
// reserve the box before a byte arrives, so nothing below it shifts.

/** The attributes of an <img> for a responsive picture (spread them onto the element). */
export type ResponsiveImage = { src: string; srcSet: string; sizes: string; width: number; height: number };

/** A rendition of a file in a public bucket (the same URL storage-js's getPublicUrl builds with `transform`). */
export function renditionSrc(bucket: PublicBucket, path: string, rendition: Rendition): string {
  return renditionUrl(supabaseUrl, bucket, path, rendition);
}

/** A picture drawn at one CSS size: 1× and 2× renditions (`srcset` with density descriptors). */
export type FixedImage = { src: string; srcSet: string; width: number; height: number };

type CoverSpec = { widths: readonly number[]; sizes: string; fallbackWidth: number };

/** A 1200×630 cover at widths only (a small upload is never enlarged; the box keeps the ratio). */
function cover(path: string, spec: CoverSpec): ResponsiveImage {
  return {
    src: renditionSrc("event-covers", path, { width: spec.fallbackWidth }),
    srcSet: srcSet(supabaseUrl, "event-covers", path, spec.widths),
    sizes: spec.sizes,
    width: 1200,
    height: 630,
  };
}

/** The event page's cover, sized to the viewport: the very srcset the page head preloads. */
export function eventCoverImage(path: string): ResponsiveImage {
  return cover(path, EVENT_COVER);
}

/** Discover's cards: shared with the page head, which preloads the first one (decision 0168). */
export { CARD_COVER };

export function cardCoverImage(path: string): ResponsiveImage {
  return cover(path, CARD_COVER);
}

/** Small thumbnails in dense lists (/me, a profile's events): a fixed 96×96 CSS box at most. */
export function thumbnailImage(path: string, cssPx: number): FixedImage {
  return squareAt(path, "event-covers", cssPx);
}

/** An avatar drawn at `cssPx` CSS pixels, at 1× and 2× density, cropped square. */
export function avatarImage(path: string, cssPx: number): FixedImage {
  return squareAt(path, "avatars", cssPx);
}

function squareAt(path: string, bucket: PublicBucket, cssPx: number): FixedImage {
  const at = (px: number) => renditionSrc(bucket, path, { width: px, height: px, resize: "cover" });
  return { src: at(cssPx), srcSet: `${at(cssPx)} 1x, ${at(cssPx * 2)} 2x`, width: cssPx, height: cssPx };
}
