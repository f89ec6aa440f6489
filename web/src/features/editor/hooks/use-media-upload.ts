import { t } from "@lingui/core/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Upload } from "tus-js-client";
import { createResumableUpload, uploadErrorMessage } from "../api/resumable-upload";
import { MEDIA_RULES, mediaObjectName, mediaProblem, type MediaKind } from "../media-rules";

export type UploadState =
  /** Nothing chosen in this visit (the stored path, if any, stays). */
  | { status: "idle" }
  /** Chosen before the event exists: it uploads once the first save has created the event. */
  | { status: "waiting"; file: File; previewUrl: string }
  | { status: "uploading"; file: File; previewUrl: string; progress: number }
  | { status: "failed"; file: File; previewUrl: string; progress: number; error: string }
  | { status: "done"; file: File; previewUrl: string; path: string };

export class UploadCancelled extends Error {
  constructor() {
    super(t`The upload was cancelled.`);
  }
}

type Deferred = { promise: Promise<string>; resolve: (path: string) => void; reject: (e: Error) => void };

function deferred(): Deferred {
  let resolve!: (path: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // a failure nobody awaits is shown in the UI, not logged
  return { promise, resolve, reject };
}

/** Stops an upload; `terminate` also asks the server to drop the bytes it has (best effort). */
function stop(upload: Upload | null, terminate: boolean): void {
  upload?.abort(terminate).catch(() => undefined);
}

/**
 * One resumable upload (cover or video) with progress, cancel and retry. `choose` checks the
 * file against the bucket's rules; with an event id it starts at once, else it waits for
 * `ensureUploaded` (called by save once the event exists). An upload that stopped because the
 * browser went offline resumes by itself when it is back.
 */
export function useMediaUpload(kind: MediaKind, eventId: string | null, onUploaded: (path: string) => void) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const stateRef = useRef(state);
  stateRef.current = state;
  const uploadRef = useRef<Upload | null>(null);
  const pendingRef = useRef<Deferred | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const update = useCallback((next: UploadState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const begin = useCallback(
    async (file: File, previewUrl: string, forEvent: string, resume: boolean): Promise<string> => {
      const pending = deferred();
      pendingRef.current = pending;
      const progressNow = () => (stateRef.current.status === "uploading" || stateRef.current.status === "failed" ? stateRef.current.progress : 0);
      update({ status: "uploading", file, previewUrl, progress: resume ? progressNow() : 0 });
      try {
        if (!resume || !uploadRef.current) {
          const objectName = mediaObjectName(kind, forEvent, file);
          // Callbacks act only while this upload is the current one (not cancelled or replaced),
          // and settle whichever save or retry is waiting at that moment.
          const upload: Upload = await createResumableUpload({
            bucket: MEDIA_RULES[kind].bucket,
            objectName,
            file,
            onProgress: (progress) => {
              if (uploadRef.current === upload) update({ status: "uploading", file, previewUrl, progress });
            },
            onSuccess: () => {
              if (uploadRef.current !== upload) return;
              update({ status: "done", file, previewUrl, path: objectName });
              onUploadedRef.current(objectName);
              pendingRef.current?.resolve(objectName);
            },
            onError: (error) => {
              if (uploadRef.current !== upload) return;
              update({ status: "failed", file, previewUrl, progress: progressNow(), error: uploadErrorMessage(error, { wrongType: MEDIA_RULES[kind].wrongType(), tooBig: MEDIA_RULES[kind].tooBig() }) });
              pendingRef.current?.reject(error);
            },
          });
          uploadRef.current = upload;
        }
        uploadRef.current.start();
      } catch (error) {
        const message = error instanceof Error ? error.message : t`The upload failed. Please try again.`;
        update({ status: "failed", file, previewUrl, progress: 0, error: message });
        pending.reject(error instanceof Error ? error : new Error(message));
      }
      return pending.promise;
    },
    [kind, update],
  );

  /** Takes a file the host picked; returns the reason it cannot be used, or null. */
  const choose = useCallback(
    (file: File): string | null => {
      const problem = mediaProblem(kind, file);
      if (problem) return problem;
      const previous = stateRef.current;
      stop(uploadRef.current, previous.status === "uploading" || previous.status === "failed");
      if (previous.status !== "idle") URL.revokeObjectURL(previous.previewUrl);
      uploadRef.current = null;
      pendingRef.current?.reject(new UploadCancelled());
      pendingRef.current = null;
      const previewUrl = URL.createObjectURL(file);
      if (eventId) void begin(file, previewUrl, eventId, false);
      else update({ status: "waiting", file, previewUrl });
      return null;
    },
    [begin, eventId, kind, update],
  );

  /** The uploaded object's path once it is there (null when no file was chosen). */
  const ensureUploaded = useCallback(
    (forEvent: string): Promise<string | null> => {
      const current = stateRef.current;
      switch (current.status) {
        case "idle":
          return Promise.resolve(null);
        case "done":
          return Promise.resolve(current.path);
        case "uploading":
          return pendingRef.current?.promise ?? Promise.resolve(null);
        case "waiting":
          return begin(current.file, current.previewUrl, forEvent, false);
        case "failed":
          return begin(current.file, current.previewUrl, forEvent, true);
      }
    },
    [begin],
  );

  /** Stops the upload and forgets the file (the server drops what it had received). */
  const cancel = useCallback(() => {
    stop(uploadRef.current, stateRef.current.status === "uploading" || stateRef.current.status === "failed");
    uploadRef.current = null;
    pendingRef.current?.reject(new UploadCancelled());
    pendingRef.current = null;
    const current = stateRef.current;
    if (current.status !== "idle") URL.revokeObjectURL(current.previewUrl);
    update({ status: "idle" });
  }, [update]);

  /** Picks up a failed upload where it stopped. */
  const retry = useCallback(() => {
    const current = stateRef.current;
    if (current.status === "failed" && eventId) void begin(current.file, current.previewUrl, eventId, true);
  }, [begin, eventId]);

  // Back online: resume what the connection loss stopped.
  useEffect(() => {
    const onOnline = () => retry();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [retry]);

  // Leaving the editor ends a running upload (its object name is never saved anywhere).
  useEffect(() => () => stop(uploadRef.current, false), []);

  return { state, choose, ensureUploaded, cancel, retry };
}
