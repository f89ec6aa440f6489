import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PushOffer } from "@/features/push";
import type { EventDetail, EventStats } from "../api/get-event";
import type { MyRsvp } from "../api/rsvp-api";
import type { EventQuestion, StoredValue } from "@/components/questions/answer-form";
import { waitlistText } from "../rsvp-prediction";
import { RsvpForm, type RefusedAnswer } from "./rsvp-form";
import { SpotsSummary } from "./spots-summary";

export type RsvpPanelProps = {
  event: Pick<
    EventDetail,
    "capacity" | "waitlist_enabled" | "requires_approval" | "plus_ones_max" | "status" | "cancel_reason" | "starts_at" | "rsvp_closes_at"
  >;
  stats: EventStats | null;
  /** undefined while loading; null when the viewer has no RSVP. */
  mine: MyRsvp | null | undefined;
  signedIn: boolean;
  signInHref: string;
  busy: boolean;
  /** The event's registration questions; undefined while they load. */
  questions?: EventQuestion[];
  /** An answer the database refused, shown on its question. */
  refused?: RefusedAnswer | null;
  onRsvp: (guests: number, answers: Record<string, StoredValue> | undefined) => void;
  onCancel: () => void;
  /** Shown with an active RSVP: the member's answers and a way to change them. */
  answers?: ReactNode;
  now?: Date;
};

/** The RSVP box: live spots left, the viewer's status, and the one action that fits. */
export function RsvpPanel(props: RsvpPanelProps) {
  const { event, stats } = props;
  return (
    <section aria-labelledby="rsvp-heading" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
      <h2 id="rsvp-heading" className="text-lg font-semibold">
        <Trans comment="The heading of the RSVP box">Attend</Trans>
      </h2>
      <SpotsSummary capacity={event.capacity} stats={stats} />
      <RsvpAction {...props} />
    </section>
  );
}

function RsvpAction(props: RsvpPanelProps) {
  const { event, stats, mine, signedIn, signInHref, busy, onRsvp, onCancel, questions, refused, answers, now = new Date() } = props;
  const { t } = useLingui();
  const closesAt = new Date(event.rsvp_closes_at ?? event.starts_at);

  if (event.status === "cancelled") {
    return (
      <p className="text-sm font-medium text-red-800">
        <Trans>This event was cancelled.</Trans>
        {event.cancel_reason ? ` ${event.cancel_reason}` : ""}
      </p>
    );
  }
  if (signedIn && mine === undefined) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Checking your RSVP…</Trans>
      </p>
    );
  }

  if (mine && ["going", "waitlisted", "pending"].includes(mine.status)) {
    const guestCount = mine.guests;
    const text =
      mine.status === "going"
        ? guestCount
          ? plural(guestCount, { one: "You're going with # guest.", other: "You're going with # guests." })
          : t`You're going.`
        : mine.status === "waitlisted"
          ? waitlistText(mine.waitlist_place)
          : t`Your request is waiting for the hosts' approval.`;
    const action = mine.status === "going" ? t`Cancel RSVP` : mine.status === "waitlisted" ? t`Leave the waitlist` : t`Withdraw request`;
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground">
          {text}
        </p>
        {answers}
        {mine.status !== "pending" && <PushOffer />}
        <Button variant="outline" onClick={onCancel} disabled={busy || now >= closesAt}>
          {action}
        </Button>
      </div>
    );
  }

  if (now >= closesAt) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>RSVPs for this event are closed.</Trans>
      </p>
    );
  }
  if (mine?.status === "declined") {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>The hosts declined your request for this event.</Trans>
      </p>
    );
  }
  if (!signedIn) {
    return (
      <Button asChild>
        <Link to={signInHref}>
          <Trans>Sign in to RSVP</Trans>
        </Link>
      </Button>
    );
  }

  const full = event.capacity !== null && stats?.spots_left === 0;
  if (full && !event.waitlist_enabled && !event.requires_approval) {
    return (
      <p className="text-sm font-medium">
        <Trans>This event is full.</Trans>
      </p>
    );
  }
  const label = event.requires_approval ? t`Request to join` : full ? t`Join the waitlist` : t({ message: "RSVP", comment: "The button that says you will attend" });
  return <RsvpForm plusOnesMax={event.plus_ones_max} questions={questions} label={label} busy={busy} refused={refused} onRsvp={onRsvp} />;
}
