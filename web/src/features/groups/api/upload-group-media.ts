import { supabase, supabaseUrl } from "@/lib/supabase";
import { supabaseAnonKey } from "@/lib/supabase-config";
import { GROUP_MEDIA_BUCKET } from "./group-media";

/** The storage server's refusal, in its own shape (decision 0030): `statusCode` holds the real status. */
export class GroupUploadError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Uploads a cover or logo (at most 5 MB) in one request, reporting progress. storage-js's
 * upload() has no progress events, and these files are too small to need TUS (decision 0111),
 * so this is the same POST storage-js makes, over XMLHttpRequest.
 */
export async function uploadGroupMedia(path: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new GroupUploadError(401, "not_signed_in", "Sign in to do that.");
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", encodeURI(`${supabaseUrl}/storage/v1/object/${GROUP_MEDIA_BUCKET}/${path}`));
    xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("apikey", supabaseAnonKey);
    xhr.setRequestHeader("content-type", file.type);
    xhr.setRequestHeader("cache-control", "max-age=3600");
    xhr.setRequestHeader("x-upsert", "true");
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(path);
        return;
      }
      let body: { statusCode?: string; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: keep the HTTP status
      }
      reject(new GroupUploadError(Number(body.statusCode ?? xhr.status) || xhr.status, body.error ?? "upload_failed", body.message ?? xhr.statusText));
    };
    xhr.onerror = () => reject(new GroupUploadError(0, "network", "Failed to fetch"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
