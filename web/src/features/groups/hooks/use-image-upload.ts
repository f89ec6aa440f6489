import { t } from "@lingui/core/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { GROUP_MEDIA_MAX_BYTES, GROUP_MEDIA_TYPES, groupMediaPath } from "../api/group-media";
import { GroupUploadError, uploadGroupMedia } from "../api/upload-group-media";

export type ImageUploadState =
  | { status: "idle" }
  | { status: "chosen"; file: File; previewUrl: string }
  | { status: "uploading"; file: File; previewUrl: string; progress: number }
  | { status: "failed"; file: File; previewUrl: string; progress: number; error: string }
  | { status: "done"; file: File; previewUrl: string; path: string };

/** Why a file cannot be used, in the product's words, or null when it can (the bucket's own rules). */
export function imageProblem(file: File): string | null {
  if (!(GROUP_MEDIA_TYPES as readonly string[]).includes(file.type)) return t`Choose a JPEG, PNG or WebP image.`;
  if (file.size > GROUP_MEDIA_MAX_BYTES) return t`The image can be at most 5 MB.`;
  return null;
}

function uploadProblem(error: unknown): string {
  if (error instanceof GroupUploadError) {
    if (error.status === 413) return t`The image can be at most 5 MB.`;
    if (error.status === 415) return t`Choose a JPEG, PNG or WebP image.`;
    if (error.status === 401) return t`Sign in again to upload files.`;
    if (error.status === 403) return t`Only the group's organizers and co-organizers can do that.`;
    if (error.status === 0) return t`The upload failed. Check your connection and try again.`;
  }
  return t`The upload failed. Please try again.`;
}

/**
 * One picture (cover or logo): chosen with a preview at once, uploaded once the group exists
 * (its id names the folder), with progress, a reason when it fails, and retry.
 */
export function useImageUpload(kind: "cover" | "logo") {
  const [state, setState] = useState<ImageUploadState>({ status: "idle" });
  const abort = useRef<AbortController | null>(null);
  const preview = state.status === "idle" ? null : state.previewUrl;

  // The preview's object URL lives as long as it is shown.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = useCallback((file: File): string | null => {
    const problem = imageProblem(file);
    if (problem) return problem;
    abort.current?.abort();
    setState({ status: "chosen", file, previewUrl: URL.createObjectURL(file) });
    return null;
  }, []);

  const clear = useCallback(() => {
    abort.current?.abort();
    setState({ status: "idle" });
  }, []);

  /** Uploads the chosen file into the group's folder; resolves with its path, or null when none or it failed. */
  const upload = useCallback(
    async (groupId: string): Promise<string | null> => {
      if (state.status === "idle") return null;
      if (state.status === "done") return state.path;
      const { file, previewUrl } = state;
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: "uploading", file, previewUrl, progress: 0 });
      try {
        const path = await uploadGroupMedia(groupMediaPath(groupId, kind, file), file, (progress) =>
          setState((s) => (s.status === "uploading" ? { ...s, progress } : s)), controller.signal);
        setState({ status: "done", file, previewUrl, path });
        return path;
      } catch (error) {
        if (controller.signal.aborted) return null;
        setState((s) => ({ status: "failed", file, previewUrl, progress: s.status === "uploading" ? s.progress : 0, error: uploadProblem(error) }));
        return null;
      }
    },
    [state, kind],
  );

  return { state, choose, clear, upload };
}
