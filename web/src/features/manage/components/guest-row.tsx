import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatTime } from "@/lib/datetime";
import { AnswerTerm } from "@/components/questions/answer-term";
import { guestName, type Guest } from "../api/guest-list";

type Props = {
  guest: Guest;
  timeZone: string;
  /** Pending requests get a checkbox and approve/decline buttons. */
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDecide: (approve: boolean) => void;
  busy: boolean;
  /** The place in the waitlist queue, 1 = next in. */
  place?: number;
  /** Their answers to the registration questions, in the questions' order. */
  answers?: { label: string; text: string | number }[];
};

/** One person on the list: name, username, guests, and what can be done about them. */
export function GuestRow({ guest, timeZone, selectable, selected, onSelect, onDecide, busy, place, answers = [] }: Props) {
  const { t } = useLingui();
  const name = guestName(guest);
  const checkboxId = `select-${guest.user_id}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      {selectable && (
        <input
          id={checkboxId}
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          className="size-5 accent-brand-700"
          aria-label={t`Select ${name}`}
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-sm text-muted-foreground">
          {guest.profile ? `@${guest.profile.username}` : t`Account deleted`}
          {guest.guests > 0 && ` · ${plural(guest.guests, { one: "+# guest", other: "+# guests" })}`}
        </p>
        {answers.length > 0 && (
          <dl className="mt-1 flex flex-col gap-0.5 text-sm" data-testid="guest-answers">
            {answers.map((a) => (
              <div key={a.label} className="flex flex-wrap gap-x-1">
                <dt className="text-muted-foreground"><AnswerTerm label={a.label} /></dt>
                <dd className="break-words">{a.text}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <GuestStatus guest={guest} timeZone={timeZone} place={place} />
      {selectable && (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => onDecide(true)} disabled={busy} aria-label={t`Approve ${name}`}>
            <Check aria-hidden="true" />
            <Trans>Approve</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDecide(false)} disabled={busy} aria-label={t`Decline ${name}`}>
            <X aria-hidden="true" />
            <Trans>Decline</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

function GuestStatus({ guest, timeZone, place }: { guest: Guest; timeZone: string; place?: number }) {
  if (guest.checked_in_at) {
    return (
      <Badge tone="success" size="md">
        <Trans>Checked in {formatTime(guest.checked_in_at, timeZone)}</Trans>
      </Badge>
    );
  }
  if (guest.status === "waitlisted" && place !== undefined) {
    return (
      <span className="text-sm text-muted-foreground">
        <Trans>Number {place} in line</Trans>
      </span>
    );
  }
  return null;
}
