import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Search, Undo2, UserCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatTime } from "@/lib/datetime";
import { formatNumber } from "@/lib/i18n/format";
import { guestName, matchesSearch, type Guest } from "../api/guest-list";

const SHOWN = 30;

type Props = {
  guests: Guest[];
  timeZone: string;
  busy: boolean;
  onCheckIn: (guest: Guest, name: string) => void;
  /** Takes back a check-in tapped by mistake. */
  onUndo: (guest: Guest, name: string) => void;
};

/** Find someone going by name and tap to check them in. */
export function CheckInSearch({ guests, timeZone, busy, onCheckIn, onUndo }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [query, setQuery] = useState("");
  const going = guests.filter((g) => g.status === "going");
  const matches = going
    .filter((g) => matchesSearch(g, query))
    .sort((a, b) => guestName(a).localeCompare(guestName(b)));
  const arrived = formatNumber(going.filter((g) => g.checked_in_at).length);
  const total = formatNumber(going.length);
  const typed = query.trim();
  const shown = formatNumber(SHOWN);
  const matching = formatNumber(matches.length);

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <Trans>Find by name</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            {arrived} of {total} checked in
          </Trans>
        </p>
      </div>
      <Label htmlFor={`${id}-q`} className="sr-only">
        <Trans>Search guests by name</Trans>
      </Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-3.5 size-4 text-muted-foreground" />
        <Input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t`Search guests by name`}
          autoComplete="off"
          className="h-11 pl-9"
        />
      </div>
      {going.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          <Trans>No one is going yet.</Trans>
        </p>
      ) : matches.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          <Trans>No one going matches “{typed}”.</Trans>
        </p>
      ) : (
        <>
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label={t`Guests going`}>
            {matches.slice(0, SHOWN).map((g) => {
              const name = guestName(g);
              const at = g.checked_in_at ? formatTime(g.checked_in_at, timeZone) : "";
              return (
                <li key={g.user_id} className="flex items-center gap-3 px-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{name}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {g.profile ? `@${g.profile.username}` : ""}
                      {g.guests > 0 && (
                        <>
                          {" · "}
                          <Plural value={g.guests} one="+# guest" other="+# guests" />
                        </>
                      )}
                    </p>
                  </div>
                  {g.checked_in_at ? (
                    <div className="flex shrink-0 items-center gap-2">
                      <span className="text-sm font-medium text-emerald-800">
                        <Trans>In at {at}</Trans>
                      </span>
                      <Button variant="outline" size="sm" disabled={busy} onClick={() => onUndo(g, name)} aria-label={t`Undo check-in for ${name}`}>
                        <Undo2 aria-hidden="true" />
                        <Trans>Undo</Trans>
                      </Button>
                    </div>
                  ) : (
                    <Button size="lg" disabled={busy} onClick={() => onCheckIn(g, name)} aria-label={t`Check in ${name}`}>
                      <UserCheck aria-hidden="true" />
                      <Trans>Check in</Trans>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {matches.length > SHOWN && (
            <p className="text-sm text-muted-foreground">
              <Trans>
                Showing {shown} of {matching}. Type a name to narrow the list.
              </Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}
