import { Button } from "@/components/ui/button";

function when(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** Says the form shows unsaved changes from an earlier visit, with the way to drop them. */
export function DraftRestoredNotice({ savedAt, onDiscard, onKeep }: { savedAt: string; onDiscard: () => void; onKeep: () => void }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>
        <span className="font-medium">We brought back your unsaved changes</span> from {when(savedAt)}. They are not saved yet.
      </p>
      <div className="flex shrink-0 gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Discard changes
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onKeep}>
          Keep editing
        </Button>
      </div>
    </div>
  );
}
