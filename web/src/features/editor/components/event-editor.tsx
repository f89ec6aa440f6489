import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { viewerTimeZone } from "@/lib/datetime";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { cancelEvent, deleteEvent, type SavedEvent } from "../api/event-writes";
import { eventFormSchema, type EventFormValues } from "../event-form-schema";
import { duplicateFormValues, eventToFormValues, newEventFormValues, type EditableEvent } from "../event-form-values";
import { removeDraft, useFormDraft } from "../hooks/use-form-draft";
import { useLeaveGuard } from "../hooks/use-leave-guard";
import { useMediaUpload } from "../hooks/use-media-upload";
import { useSaveEvent, type SaveIntent, type SeriesScope } from "../hooks/use-save-event";
import { cancelSeries } from "../series/series-api";
import { QuestionManager, QuestionsAfterFirstSave } from "../questions/question-manager";
import { RepeatFields } from "../series/repeat-fields";
import { defaultRepeat } from "../series/repeat-rule";
import { SeriesScopeDialog } from "../series/series-scope-dialog";
import { useSeriesRepeat } from "../series/use-series-repeat";
import { BasicsFields } from "./basics-fields";
import { CancelEventDialog } from "./cancel-event-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DraftRestoredNotice } from "./draft-restored-notice";
import { EditorActions } from "./editor-actions";
import { LeaveDialog } from "./leave-dialog";
import { MediaFields } from "./media-fields";
import { PlaceFields } from "./place-fields";
import { RsvpFields } from "./rsvp-fields";
import { WhenFields } from "./when-fields";

const STATUS_LABEL: Record<SavedEvent["status"], MessageDescriptor> = {
  draft: msg({ message: "Draft", comment: "An event's status" }),
  published: msg({ message: "Published", comment: "An event's status" }),
  cancelled: msg({ message: "Cancelled", comment: "An event's status" }),
};

/**
 * The event form for both a new event (`initial` null) and an existing one. It stays mounted
 * when a first save turns /events/new into /events/:slug/edit, so uploads and state carry on.
 */
export function EventEditor({ initial, copyOf = null }: { initial: EditableEvent | null; copyOf?: EditableEvent | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<SavedEvent | null>(initial && { id: initial.id, slug: initial.slug, status: initial.status });
  const [dialog, setDialog] = useState<"cancel" | "delete" | "scope" | null>(null);
  const seriesId = initial?.series_id ?? null;
  // "Repeat" is offered until the event is part of a series; the series is made after the save.
  const [showRepeatProblem, setShowRepeatProblem] = useState(false);
  const pendingIntent = useRef<SaveIntent>("update");
  const [working, setWorking] = useState(false);

  // Publishing a draft adds the "starts in the future" rule; the resolver reads the intent of
  // the button that was pressed.
  const publishing = useRef(false);
  const resolver: Resolver<EventFormValues> = (values, context, options) =>
    zodResolver(eventFormSchema({ publishing: publishing.current }))(values, context, options) as ReturnType<Resolver<EventFormValues>>;
  // /events/new?group=<id>, from a group's page, starts the event in that group.
  const [searchParams] = useSearchParams();
  const [defaultValues] = useState(() =>
    initial
      ? eventToFormValues(initial)
      : copyOf
        ? duplicateFormValues(copyOf)
        : newEventFormValues(viewerTimeZone(), new Date(), searchParams.get("group") ?? ""),
  );
  const form = useForm<EventFormValues>({ defaultValues, resolver });
  const { repeat, setRepeat, fromHere, ruleChanged, problem: repeatProblemAt, newSeriesRule, followingRule } =
    useSeriesRepeat(initial, defaultValues.startDate, form.watch("startDate"));

  const draft = useFormDraft({ scope: saved?.id ?? "new", form });
  const cover = useMediaUpload("cover", saved?.id ?? null, (path) => form.setValue("coverPath", path, { shouldDirty: true }));
  const video = useMediaUpload("video", saved?.id ?? null, (path) => form.setValue("videoPath", path, { shouldDirty: true }));
  const filesPending = [cover.state.status, video.state.status].some((s) => s === "waiting" || s === "uploading");
  const guard = useLeaveGuard(form.formState.isDirty || filesPending);
  const { save, phase, busy } = useSaveEvent({
    form, saved, onSaved: setSaved, cover, video, clearDraft: draft.clear, releaseGuard: guard.release, initial, copyOf,
  });

  function submit(intent: SaveIntent, scope?: SeriesScope) {
    if (repeatProblemAt(form.getValues("startDate"))) {
      setShowRepeatProblem(true);
      toast.error(t`Some fields need a look. The problems are shown beside them.`);
      return;
    }
    if (seriesId && !scope && saved && intent !== "draft") {
      pendingIntent.current = intent;
      setDialog("scope");
      return;
    }
    publishing.current = intent === "publish" && (saved?.status ?? "draft") === "draft";
    void form.handleSubmit(
      (values) => {
        setDialog(null);
        return save(intent, values, { scope, repeatRule: newSeriesRule, followingRule: scope === "following" ? followingRule : null });
      },
      () => toast.error(t`Some fields need a look. The problems are shown beside them.`),
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
        <h1 className="text-3xl font-bold tracking-tight">{saved ? <Trans>Edit event</Trans> : <Trans>Create an event</Trans>}</h1>
        {status && (
          <Badge tone="brand" size="md">
            {t(STATUS_LABEL[status])}
          </Badge>
        )}
      </div>
      {saved && (
        <p className="-mt-4 text-sm">
          <Link to={`/events/${saved.slug}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            <Trans>View the event page</Trans>
          </Link>
        </p>
      )}
      {draft.restoredAt && <DraftRestoredNotice savedAt={draft.restoredAt} onDiscard={draft.discard} onKeep={draft.dismissNotice} />}
      {cancelled && (
        <Alert tone="info">
          <Trans>This event was cancelled. A cancelled event can't be changed.</Trans>
        </Alert>
      )}
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={saved ? t`Edit event` : t`Create an event`}
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
            <RsvpFields currentGroup={initial?.group ?? null} />
            {seriesId && (
              <Alert tone="info">
                <Trans>This event is part of a series. When you save, you choose whether the change is for this date only or for the following dates too.</Trans>
              </Alert>
            )}
            {(!seriesId || fromHere) && (
              <RepeatFields following={seriesId !== null} value={repeat}
                onChange={(next) => setRepeat(next.freq !== "none" && repeat.freq === "none"
                  ? { ...defaultRepeat(form.getValues("startDate")), freq: next.freq } : next)}
                problem={showRepeatProblem ? repeatProblemAt(form.getValues("startDate")) : null} />
            )}
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
      {saved ? <QuestionManager eventId={saved.id} locked={cancelled} inSeries={seriesId !== null} /> : <QuestionsAfterFirstSave />}
      {saved && (
        <>
          <CancelEventDialog
            open={dialog === "cancel"}
            onOpenChange={(open) => setDialog(open ? "cancel" : null)}
            busy={working}
            inSeries={seriesId !== null}
            onConfirm={(reason, wholeSeries) =>
              void runAction(
                async () => {
                  await cancelEvent(saved.id, reason);
                  if (wholeSeries && seriesId) await cancelSeries(seriesId, reason);
                },
                t`Event cancelled. Everyone who RSVPed is being told.`,
                `/events/${saved.slug}`,
              )
            }
          />
          <SeriesScopeDialog
            open={dialog === "scope"}
            onOpenChange={(open) => setDialog(open ? "scope" : null)}
            busy={busy}
            onConfirm={(scope) => submit(pendingIntent.current, scope)}
            ruleChanged={ruleChanged}
            dayMoved={dialog === "scope" && form.getValues("startDate") !== defaultValues.startDate}
          />
          <ConfirmDialog
            open={dialog === "delete"}
            onOpenChange={(open) => setDialog(open ? "delete" : null)}
            title={status === "draft" ? t`Delete this draft?` : t`Delete this event?`}
            description={t`It is gone for good. Only a draft, or an event with no RSVPs, can be deleted.`}
            confirmLabel={t`Delete`}
            cancelLabel={t`Keep editing`}
            busy={working}
            onConfirm={() => void runAction(() => deleteEvent(saved.id), t`Event deleted.`, "/")}
          />
        </>
      )}
      <LeaveDialog blocker={guard.blocker} />
    </div>
  );
}
