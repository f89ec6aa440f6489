import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatNumber } from "@/lib/i18n/format";
import type { EventDetail, EventStats } from "../api/get-event";
import type { MyRsvp } from "../api/rsvp-api";
import { waitlistText } from "../rsvp-prediction";
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
  onRsvp: (guests: number) => void;
  onCancel: () => void;
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

function RsvpAction({ event, stats, mine, signedIn, signInHref, busy, onRsvp, onCancel, now = new Date() }: RsvpPanelProps) {
  const { t } = useLingui();
  const id = useId();
  const [guests, setGuests] = useState(0);
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
  return (
    <div className="flex flex-col gap-3">
      {event.plus_ones_max > 0 && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-guests`}>
            <Trans>Guests you're bringing</Trans>
          </Label>
          <Select id={`${id}-guests`} value={guests} onChange={(e) => setGuests(Number(e.target.value))}>
            {Array.from({ length: event.plus_ones_max + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? t`Just me` : `+${formatNumber(n)}`}
              </option>
            ))}
          </Select>
        </div>
      )}
      <Button onClick={() => onRsvp(guests)} disabled={busy}>
        {label}
      </Button>
    </div>
  );
}
