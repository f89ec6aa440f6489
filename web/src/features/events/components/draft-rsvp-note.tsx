import { Trans } from "@lingui/react/macro";

/** In place of the RSVP panel (and the ticket box) on a draft: the database refuses RSVPs to it. */
export function DraftRsvpNote() {
  return (
    <section aria-labelledby="draft-rsvp-heading" className="flex flex-col gap-2 rounded-xl border border-dashed border-amber-300 bg-card p-4">
      <h2 id="draft-rsvp-heading" className="font-semibold">
        <Trans>RSVPs open when it's published</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>A draft takes no RSVPs or tickets. Publish it from the editor and people can answer here.</Trans>
      </p>
    </section>
  );
}
