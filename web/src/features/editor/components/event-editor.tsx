import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { viewerTimeZone } from "@/lib/datetime";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { cancelEvent, deleteEvent, type SavedEvent } from "../api/event-writes";
import { eventFormSchema, type EventFormValues } from "../event-form-schema";
import { eventToFormValues, newEventFormValues, type EditableEvent } from "../event-form-values";
import { removeDraft, useFormDraft } from "../hooks/use-form-draft";
import { useLeaveGuard } from "../hooks/use-leave-guard";
import { useMediaUpload } from "../hooks/use-media-upload";
import { useSaveEvent, type SaveIntent } from "../hooks/use-save-event";
import { BasicsFields } from "./basics-fields";
import { CancelEventDialog } from "./cancel-event-dialog";
import { ConfirmDialog } from "./confirm-dialog";
import { DraftRestoredNotice } from "./draft-restored-notice";
import { EditorActions } from "./editor-actions";
import { LeaveDialog } from "./leave-dialog";
import { MediaFields } from "./media-fields";
import { PlaceFields } from "./place-fields";
import { RsvpFields } from "./rsvp-fields";
import { WhenFields } from "./when-fields";

const STATUS_LABEL = { draft: "Draft", published: "Published", cancelled: "Cancelled" } as const;

/**
 * The event form for both a new event (`initial` null) and an existing one. It stays mounted
 * when a first save turns /events/new into /events/:slug/edit, so uploads and state carry on.
 */
export function EventEditor({ initial }: { initial: EditableEvent | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedEvent | null>(initial && { id: initial.id, slug: initial.slug, status: initial.status });
  const [dialog, setDialog] = useState<"cancel" | "delete" | null>(null);
  const [working, setWorking] = useState(false);

  // Publishing a draft adds the "starts in the future" rule; the resolver reads the intent of
  // the button that was pressed.
  const publishing = useRef(false);
  const resolver: Resolver<EventFormValues> = (values, context, options) =>
    zodResolver(eventFormSchema({ publishing: publishing.current }))(values, context, options) as ReturnType<Resolver<EventFormValues>>;
  const [defaultValues] = useState(() => (initial ? eventToFormValues(initial) : newEventFormValues(viewerTimeZone())));
  const form = useForm<EventFormValues>({ defaultValues, resolver });

  const draft = useFormDraft({ scope: saved?.id ?? "new", form });
  const cover = useMediaUpload("cover", saved?.id ?? null, (path) => form.setValue("coverPath", path, { shouldDirty: true }));
  const video = useMediaUpload("video", saved?.id ?? null, (path) => form.setValue("videoPath", path, { shouldDirty: true }));
  const filesPending = [cover.state.status, video.state.status].some((s) => s === "waiting" || s === "uploading");
  const guard = useLeaveGuard(form.formState.isDirty || filesPending);
  const { save, phase, busy } = useSaveEvent({
    form, saved, onSaved: setSaved, cover, video, clearDraft: draft.clear, releaseGuard: guard.release,
  });

  function submit(intent: SaveIntent) {
    publishing.current = intent === "publish" && (saved?.status ?? "draft") === "draft";
    void form.handleSubmit(
      (values) => save(intent, values),
      () => toast.error("Some fields need a look. The problems are shown beside them."),
    )();
  }

  async function runAction(action: () => Promise<unknown>, success: string, to: string) {
    setWorking(true);
    try {
      await action();
      draft.clear();
      removeDraft("new");
      guard.release();
      await queryClient.invalidateQueries({ queryKey: queryRoots.events });
      toast.success(success);
      void navigate(to);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setWorking(false);
      setDialog(null);
    }
  }

  const status = saved?.status ?? null;
  const cancelled = status === "cancelled";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{saved ? "Edit event" : "Create an event"}</h1>
        {status && (
          <Badge tone="brand" size="md">
            {STATUS_LABEL[status]}
          </Badge>
        )}
      </div>
      {saved && (
        <p className="-mt-4 text-sm">
          <Link to={`/events/${saved.slug}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            View the event page
          </Link>
        </p>
      )}
      {draft.restoredAt && <DraftRestoredNotice savedAt={draft.restoredAt} onDiscard={draft.discard} onKeep={draft.dismissNotice} />}
      {cancelled && <Alert tone="info">This event was cancelled. A cancelled event can't be changed.</Alert>}
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={saved ? "Edit event" : "Create an event"}
          onSubmit={(e) => {
            e.preventDefault();
            submit(status === "published" ? "update" : "draft");
          }}
        >
          <fieldset disabled={cancelled} className="flex min-w-0 flex-col gap-6">
            <BasicsFields />
            <WhenFields />
            <PlaceFields />
            <MediaFields cover={cover} video={video} eventExists={saved !== null} />
            <RsvpFields />
            {!cancelled && (
              <EditorActions
                status={status}
                busy={busy || working}
                phase={phase}
                onSave={submit}
                onCancelEvent={() => setDialog("cancel")}
                onDelete={() => setDialog("delete")}
              />
            )}
          </fieldset>
        </form>
      </FormProvider>
      {saved && (
        <>
          <CancelEventDialog
            open={dialog === "cancel"}
            onOpenChange={(open) => setDialog(open ? "cancel" : null)}
            busy={working}
            onConfirm={(reason) =>
              void runAction(() => cancelEvent(saved.id, reason), "Event cancelled. Everyone who RSVPed is being told.", `/events/${saved.slug}`)
            }
          />
          <ConfirmDialog
            open={dialog === "delete"}
            onOpenChange={(open) => setDialog(open ? "delete" : null)}
            title={status === "draft" ? "Delete this draft?" : "Delete this event?"}
            description="It is gone for good. Only a draft, or an event with no RSVPs, can be deleted."
            confirmLabel="Delete"
            busy={working}
            onConfirm={() => void runAction(() => deleteEvent(saved.id), "Event deleted.", "/")}
          />
        </>
      )}
      <LeaveDialog blocker={guard.blocker} />
    </div>
  );
}
