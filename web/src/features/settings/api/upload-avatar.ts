import { t } from "@lingui/core/macro";
import { supabase, supabaseUrl } from "@/lib/supabase";
import { avatarTooBig, avatarWrongType } from "../settings-schemas";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * Where a new avatar goes: the member's own folder (the storage policy checks the first
 * segment is their id), under a new name each time so no cache ever shows the old picture.
 */
export function avatarPathFor(userId: string, file: Pick<File, "type">, now = Date.now()): string {
  return `${userId}/avatar-${now.toString(36)}.${EXTENSIONS[file.type] ?? "img"}`;
}

/**
 * Uploads with XMLHttpRequest for its progress events (fetch has none for uploads), to the
 * same endpoint storage-js uses. 2 MB at most, so one request; no resumable upload needed.
 */
export async function uploadAvatar(path: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(t`Sign in again to change your photo.`);
  const url = `${supabaseUrl}/storage/v1/object/avatars/${path.split("/").map(encodeURIComponent).join("/")}`;
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("content-type", file.type);
    xhr.setRequestHeader("cache-control", "max-age=3600");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new Error(uploadProblem(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () =>
      reject(new Error(navigator.onLine ? t`The upload failed. Check your connection and try again.` : t`You're offline. Try again when you're back online.`));
    xhr.send(file);
  });
}

/** The storage server's refusal in the product's words. */
export function uploadProblem(status: number, body: string): string {
  let code = "";
  let statusCode = String(status);
  try {
    const parsed = JSON.parse(body) as { statusCode?: string; error?: string; message?: string };
    statusCode = parsed.statusCode ?? statusCode;
    code = `${parsed.error ?? ""} ${parsed.message ?? ""}`;
  } catch {
    code = body;
  }
  if (statusCode === "413" || /maximum allowed size|too large/i.test(code)) return avatarTooBig();
  if (statusCode === "415" || /mime type/i.test(code)) return avatarWrongType();
  if (statusCode === "403" || /row-level security|unauthorized/i.test(code)) return t`You can only change your own photo.`;
  return t`The upload failed. Please try again.`;
}

/** Removes old avatar files; a leftover file harms nobody, so failures are ignored. */
export async function removeAvatarFiles(paths: string[]): Promise<void> {
  if (paths.length) await supabase.storage.from("avatars").remove(paths);
}

/** Every file in the member's avatar folder (deleting the account removes them all). */
export async function listAvatarFiles(userId: string): Promise<string[]> {
  const { data } = await supabase.storage.from("avatars").list(userId, { limit: 100 });
  return (data ?? []).map((f) => `${userId}/${f.name}`);
}
