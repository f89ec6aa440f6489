import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import type { SavedEvent } from "../api/event-writes";
import type { SaveIntent } from "../hooks/use-save-event";

type EditorActionsProps = {
  status: SavedEvent["status"] | null;
  busy: boolean;
  phase: string | null;
  onSave: (intent: SaveIntent) => void;
  onCancelEvent: () => void;
  onDelete: () => void;
};

/** The buttons that fit the event's state: draft → save or publish; published → save or cancel. */
export function EditorActions({ status, busy, phase, onSave, onCancelEvent, onDelete }: EditorActionsProps) {
  const published = status === "published";
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-2 sm:flex-row">
        {published ? (
          <Button type="submit" disabled={busy}>
            <Trans>Save changes</Trans>
          </Button>
        ) : (
          <>
            <Button type="button" disabled={busy} onClick={() => onSave("publish")}>
              <Trans>Publish</Trans>
            </Button>
            <Button type="submit" variant="outline" disabled={busy}>
              <Trans>Save draft</Trans>
            </Button>
          </>
        )}
      </div>
      <p role="status" className="text-sm text-muted-foreground sm:order-none">
        {phase ?? ""}
      </p>
      {status && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {published && (
            <Button type="button" variant="outline" disabled={busy} onClick={onCancelEvent} className="text-red-800">
              <Trans>Cancel event</Trans>
            </Button>
          )}
          <Button type="button" variant="ghost" disabled={busy} onClick={onDelete} className="text-red-800">
            {published ? <Trans>Delete event</Trans> : <Trans>Delete draft</Trans>}
          </Button>
        </div>
      )}
    </div>
  );
}
