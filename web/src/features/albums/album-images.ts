import { renditionUrl, type Rendition } from "@shared/page-contract";
import { supabaseUrl } from "@/lib/supabase-config";
import { ALBUM_BUCKET } from "./api/album-api";

// Album pictures come from the render endpoint like every other picture (decision 0160): the
// browser picks the smallest rendition for its box. Grid cells are square crops; the full view
// keeps the photo's own shape, never enlarged past the upload.

const at = (path: string, r: Rendition) => renditionUrl(supabaseUrl, ALBUM_BUCKET, path, r);

const THUMB_WIDTHS = [240, 480] as const;
/** Two columns on a phone, about 12rem on wider screens. */
const THUMB_SIZES = "(min-width: 640px) 12rem, 45vw";

export function thumbnail(path: string) {
  return {
    src: at(path, { width: 240, height: 240, resize: "cover" }),
    srcSet: THUMB_WIDTHS.map((w) => `${at(path, { width: w, height: w, resize: "cover" })} ${w}w`).join(", "),
    sizes: THUMB_SIZES,
    width: 240,
    height: 240,
  };
}

const FULL_WIDTHS = [640, 1024, 1600, 2048] as const;

export function fullSize(path: string, width: number | null, height: number | null) {
  const widths = FULL_WIDTHS.filter((w) => !width || w <= width);
  const list = widths.length ? widths : [Math.min(width ?? 640, 640)];
  return {
    src: at(path, { width: list[list.length - 1], resize: "contain" }),
    srcSet: list.map((w) => `${at(path, { width: w, resize: "contain" })} ${w}w`).join(", "),
    sizes: "(min-width: 1024px) 64rem, 100vw",
    width: width ?? undefined,
    height: height ?? undefined,
  };
}
