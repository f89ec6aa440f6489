import { queryOptions } from "@tanstack/react-query";
import { supabase, supabaseUrl } from "@/lib/supabase";
import { supabaseAnonKey } from "@/lib/supabase-config";

// An event's album (decision 0355): files in the public bucket `event-albums` under
// <event id>/<random name>, rows in event_album_photos under row-level security (who sees,
// who adds, who removes). The database has the last word on every action here.
export const ALBUM_BUCKET = "event-albums";
/** The bucket's own limit (migration 20261129333000): said before uploading, not after. */
export const ALBUM_MAX_BYTES = 8 * 1024 * 1024;
export const ALBUM_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const CAPTION_MAX = 300;

export type AlbumPhoto = {
  id: string;
  path: string;
  caption: string | null;
  width: number | null;
  height: number | null;
  hidden_at: string | null;
  uploader_id: string;
  created_at: string;
  uploader: { display_name: string } | null;
};

export const albumKey = (eventId: string) => ["event-album", eventId] as const;

export const albumOptions = (eventId: string) =>
  queryOptions({
    queryKey: albumKey(eventId),
    queryFn: async (): Promise<AlbumPhoto[]> => {
      const { data, error } = await supabase
        .from("event_album_photos")
        .select("id, path, caption, width, height, hidden_at, uploader_id, created_at, uploader:profiles!event_album_photos_uploader_id_fkey(display_name)")
        .eq("event_id", eventId)
        .order("created_at", { ascending: true });
      if (error) throw error;
      return data as AlbumPhoto[];
    },
  });

/** The storage server's refusal in its own shape (decision 0030): `statusCode` is the real status. */
export class AlbumUploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sends one photo in one request, reporting progress: storage-js's upload() has no progress
 * events, so this is the POST it makes, over XMLHttpRequest. Photos are at most 8 MB.
 */
export async function uploadAlbumFile(path: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AlbumUploadError(401, "not_signed_in", "Sign in to do that.");
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", encodeURI(`${supabaseUrl}/storage/v1/object/${ALBUM_BUCKET}/${path}`));
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("apikey", supabaseAnonKey);
    xhr.setRequestHeader("content-type", file.type);
    xhr.setRequestHeader("cache-control", "max-age=31536000");
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let body: { statusCode?: string; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: keep the HTTP status
      }
      reject(new AlbumUploadError(Number(body.statusCode ?? xhr.status) || xhr.status, body.error ?? "upload_failed", body.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new AlbumUploadError(0, "network", "Failed to fetch"));
    xhr.send(file);
  });
}

/** The picture's size, so its box is reserved before it loads (null when the browser cannot tell). */
export async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** Uploads the file, then names it in the album; a refused row takes its file back out. */
export async function addPhoto(eventId: string, file: File, caption: string, onProgress: (fraction: number) => void): Promise<void> {
  const ext = file.type === "image/png" ? "png" : file.type === "image/webp" ? "webp" : "jpg";
  const path = `${eventId}/${crypto.randomUUID()}.${ext}`;
  const size = await imageSize(file);
  await uploadAlbumFile(path, file, onProgress);
  const { error } = await supabase
    .from("event_album_photos")
    .insert({ event_id: eventId, path, caption: caption.trim() || null, width: size?.width ?? null, height: size?.height ?? null });
  if (error) {
    await supabase.storage.from(ALBUM_BUCKET).remove([path]);
    throw error;
  }
}

export async function removePhoto(photo: AlbumPhoto): Promise<void> {
  const { error } = await supabase.from("event_album_photos").delete().eq("id", photo.id);
  if (error) throw error;
  // The file goes after its row: a photo is never listed without its picture.
  await supabase.storage.from(ALBUM_BUCKET).remove([photo.path]);
}

export async function setPhotoHidden(photoId: string, hidden: boolean): Promise<void> {
  const { error } = await supabase.rpc("hide_album_photo", { photo_id: photoId, hidden });
  if (error) throw error;
}

/** Reasons are stored in English, as the other reports' are (the moderators' queue reads them). */
export async function reportPhoto(photoId: string, reporterId: string, reason: string): Promise<void> {
  const { error } = await supabase.from("reports").insert({ reporter_id: reporterId, target_type: "photo", target_id: photoId, reason });
  if (error) throw error;
}
