import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { intlLocale } from "@/lib/i18n";

function when(iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { weekday: "short", hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** Says the form shows unsaved changes from an earlier visit, with the way to drop them. */
export function DraftRestoredNotice({ savedAt, onDiscard, onKeep }: { savedAt: string; onDiscard: () => void; onKeep: () => void }) {
  const savedAtText = when(savedAt);
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>
        <Trans>
          <span className="font-medium">We brought back your unsaved changes</span> from {savedAtText}. They are not saved yet.
        </Trans>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          <Trans>Discard changes</Trans>
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onKeep}>
          <Trans>Keep editing</Trans>
        </Button>
      </div>
    </div>
  );
}
