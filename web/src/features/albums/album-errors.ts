import { t } from "@lingui/core/macro";
import { errorCode, errorMessage } from "@/lib/errors";
import { AlbumUploadError } from "./api/album-api";

/** What went wrong with an album action, in the member's language. */
export function albumError(error: unknown): string {
  if (error instanceof AlbumUploadError) {
    if (error.status === 413) return t`This picture is larger than the album takes (8 MB). Choose a smaller one.`;
    if (error.status === 415) return t`Choose a JPEG, PNG or WebP picture.`;
    if (error.status === 401 || error.status === 403) return t`Only people who went to this event, and its hosts, can add photos.`;
    if (error.code === "network") return t`You seem to be offline. Check your connection and try again.`;
  }
  const code = errorCode(error);
  if (code === "42501") return t`Only people who went to this event, and its hosts, can add photos.`;
  if (code === "photo_not_found") return t`This photo is no longer in the album.`;
  return errorMessage(error, t`Something went wrong with the album. Please try again.`);
}
