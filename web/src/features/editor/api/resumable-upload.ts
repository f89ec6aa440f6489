import { t } from "@lingui/core/macro";
import { DetailedError, Upload } from "tus-js-client";
import { supabase, supabaseUrl } from "@/lib/supabase";

export type ResumableUploadOptions = {
  bucket: string;
  objectName: string;
  file: File;
  onProgress: (fraction: number) => void;
  onSuccess: () => void;
  onError: (error: Error) => void;
};

// Supabase's resumable endpoint requires 6 MiB chunks on hosted projects; ours accepts any size.
const CHUNK_SIZE = 6 * 1024 * 1024;

/**
 * A TUS upload to Supabase Storage's resumable endpoint (docs/decisions/0033), as Supabase's
 * guide sets it up: the user's token, bucket and object in the metadata. tus-js-client retries
 * network blips itself; `start()` again after an error resumes from the last accepted byte.
 */
export async function createResumableUpload(options: ResumableUploadOptions): Promise<Upload> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(t`Sign in again to upload files.`);
  return new Upload(options.file, {
    endpoint: `${supabaseUrl}/storage/v1/upload/resumable`,
    retryDelays: [0, 1000, 3000, 5000],
    chunkSize: CHUNK_SIZE,
    headers: { authorization: `Bearer ${token}`, "x-upsert": "true" },
    // Each upload gets a fresh object name, so there is nothing to resume across page loads.
    storeFingerprintForResuming: false,
    metadata: {
      bucketName: options.bucket,
      objectName: options.objectName,
      contentType: options.file.type,
      cacheControl: "3600",
    },
    onProgress: (sent, total) => options.onProgress(total > 0 ? sent / total : 0),
    onSuccess: () => options.onSuccess(),
    onError: (error) => options.onError(error),
  });
}

/** The upload error in the product's words (the storage server answers in its own). */
export function uploadErrorMessage(error: unknown, words: { wrongType: string; tooBig: string }): string {
  if (!(error instanceof DetailedError) || !error.originalResponse) {
    if (error instanceof Error && /sign in/i.test(error.message)) return error.message;
    return navigator.onLine
      ? t`The upload failed. Check your connection and try again.`
      : t`You're offline. The upload continues when you're back online.`;
  }
  const status = error.originalResponse.getStatus();
  const body = error.originalResponse.getBody() ?? "";
  if (status === 413 || /maximum allowed size|too large/i.test(body)) return words.tooBig;
  if (status === 415 || /mime type/i.test(body)) return words.wrongType;
  if (status === 403 || /row-level security|unauthorized|access denied/i.test(body)) return t`Only the event's hosts can do that.`;
  return t`The upload failed. Please try again.`;
}
