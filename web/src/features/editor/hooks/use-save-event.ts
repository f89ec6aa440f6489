import { t } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { track } from "@/lib/analytics";
import { useSession } from "@/lib/auth/session-context";
import { queryRoots } from "@/lib/query-keys";
import { editorKeys } from "../api/editor-keys";
import type { EditorLoad } from "../api/get-editable-event";
import { copyFromOriginal, type CopiedMedia } from "../api/duplicate-extras";
import { insertDraft, publishEvent, saveOnlineLink, updateEvent, type SavedEvent } from "../api/event-writes";
import { changedFields, createSeries, updateSeriesFrom } from "../series/series-api";
import { saveProblem } from "../editor-errors";
import type { EventFormValues } from "../event-form-schema";
import { formValuesToEventFields, type EditableEvent } from "../event-form-values";
import { removeDraft } from "./use-form-draft";
import { UploadCancelled, type useMediaUpload } from "./use-media-upload";

export type SaveIntent = "draft" | "publish" | "update";

/** For a date of a series: change only it, or it and every later one (decision 0123). */
export type SeriesScope = "this" | "following";
export type SeriesSave = {
  scope?: SeriesScope;
  /** A new event: the series to make from it. */
  repeatRule?: string | null;
  /** A series date saved for "this and following": the new rule from here on (decision 0125). */
  followingRule?: string | null;
};

type Upload = ReturnType<typeof useMediaUpload>;

type Options = {
  form: UseFormReturn<EventFormValues>;
  /** The event as last saved; null until the first save creates it. */
  saved: SavedEvent | null;
  onSaved: (event: SavedEvent) => void;
  cover: Upload;
  video: Upload;
  /** Forget the stored copy of the form (it is saved now). */
  clearDraft: () => void;
  /** Let the next navigation pass the unsaved-changes guard. */
  releaseGuard: () => void;
  /** The event as loaded, to tell what "this and following" changes. */
  initial: EditableEvent | null;
  /** Duplicate: the event this one is a copy of; its questions and files come along on the first save. */
  copyOf?: EditableEvent | null;
};

function successText(intent: SaveIntent): string {
  if (intent === "draft") return t`Draft saved. Only you and your co-hosts can see it.`;
  return intent === "publish" ? t`Your event is published.` : t`Changes saved.`;
}

class MediaNotUploaded extends Error {}

/** The path a finished upload gives, null for none or a cancelled one; a failure stops the save. */
async function uploadedPath(upload: Upload, eventId: string, what: "cover" | "video"): Promise<string | null> {
  try {
    return await upload.ensureUploaded(eventId);
  } catch (error) {
    if (error instanceof UploadCancelled) return null;
    throw new MediaNotUploaded(
      what === "cover"
        ? t`The event is saved, but the cover didn't upload. Retry the upload, then save again.`
        : t`The event is saved, but the video didn't upload. Retry the upload, then save again.`,
    );
  }
}

/**
 * Saving, in the order the database allows: the row first (a new event is always inserted as a
 * draft), then its online link, then the files under its id (storage policies need the row),
 * then the media paths, then publishing. Any failure keeps the form as typed and says why,
 * beside the field when the database named one.
 */
export function useSaveEvent({ form, saved, onSaved, cover, video, clearDraft, releaseGuard, initial, copyOf = null }: Options) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<string | null>(null);

  async function save(intent: SaveIntent, values: EventFormValues, series: SeriesSave = {}): Promise<void> {
    if (!user) return;
    const fields = formValuesToEventFields(values);
    let event = saved;
    let copied: CopiedMedia = {};
    try {
      setPhase(intent === "publish" ? t`Publishing…` : t`Saving…`);
      if (!event) {
        event = await insertDraft(fields, user.id);
        track({ event: "event_created", event_id: event.id });
        removeDraft("new"); // from here on the event's own copy (keyed by its id) takes over
        onSaved(event);
        seedEditorCache(event, fields, values.onlineUrl);
        if (copyOf) {
          // Files the host did not replace in this visit (nothing chosen), and a video only while
          // the copy has no video link of its own.
          copied = await copyFromOriginal(copyOf, event.id, {
            cover: cover.state.status === "idle", video: video.state.status === "idle" && values.videoKind === "none",
          });
        }
        // A reload from here on opens this event, not a blank form (the page stays mounted).
        releaseGuard();
        void navigate(`/events/${event.slug}/edit`, { replace: true });
      } else if (series.scope === "following" && initial) {
        const changes = changedFields(initial, fields, initial.online_url ?? "", values.onlineUrl);
        if (intent === "publish" && event.status === "draft") changes.status = "published";
        if (series.followingRule) changes.rrule = series.followingRule;
        event = await updateSeriesFrom(event.id, changes);
      } else {
        event = await updateEvent(event.id, fields);
      }
      await saveOnlineLink(event.id, values.onlineUrl.trim() || null);

      setPhase(t`Uploading…`);
      const [coverPath, videoPath] = await Promise.all([
        uploadedPath(cover, event.id, "cover"),
        values.videoKind === "upload" ? uploadedPath(video, event.id, "video") : Promise.resolve(null),
      ]);
      const media: { cover_path?: string; video_path?: string } = { ...copied };
      if (coverPath && coverPath !== fields.cover_path) media.cover_path = coverPath;
      if (videoPath && videoPath !== fields.video_path) media.video_path = videoPath;
      if (copied.video_path && !videoPath) form.setValue("videoKind", "upload");
      if (media.cover_path || media.video_path) {
        setPhase(t`Saving…`);
        event = await updateEvent(event.id, media);
        if (media.cover_path) form.setValue("coverPath", media.cover_path);
        if (media.video_path) form.setValue("videoPath", media.video_path);
      }

      if (intent === "publish" && event.status === "draft") {
        setPhase(t`Publishing…`);
        event = await publishEvent(event.id);
        track({ event: "event_published", event_id: event.id });
      }
      if (series.repeatRule) {
        setPhase(t`Making the series…`);
        await createSeries(event.id, series.repeatRule);
      }
      onSaved(event);
      form.reset(form.getValues());
      clearDraft();
      releaseGuard();
      await queryClient.invalidateQueries({ queryKey: queryRoots.events });
      toast.success(successText(intent));
      void navigate(`/events/${event.slug}`);
    } catch (error) {
      if (event) onSaved(event);
      const problem = error instanceof MediaNotUploaded ? { message: error.message } : saveProblem(error);
      if (problem.field) form.setError(problem.field, { type: "server", message: problem.message }, { shouldFocus: true });
      toast.error(problem.message);
    } finally {
      setPhase(null);
    }
  }

  /** The editor's read of a just-created event, so its edit URL opens without a load. */
  function seedEditorCache(event: SavedEvent, fields: ReturnType<typeof formValuesToEventFields>, onlineUrl: string) {
    const load: EditorLoad = {
      kind: "editable",
      event: { ...fields, ...event, host_id: user!.id, updated_at: new Date().toISOString(), online_url: onlineUrl.trim() || null, series_id: null },
    };
    queryClient.setQueryData(editorKeys.event(event.slug, user!.id), load);
  }

  return { save, phase, busy: phase !== null };
}
