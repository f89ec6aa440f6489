import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Search } from "lucide-react";
import { Tabs } from "radix-ui";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/errors";
import { guestAnswersOptions } from "../api/guest-answers";
import { walkInsOptions, type WalkIn } from "../api/walk-ins";
import { guestEmails, guestName, matchesSearch, type Guest, type RsvpStatus } from "../api/guest-list";
import type { ManagedEvent } from "../api/get-managed-event";
import { answerText, type AnswerTable } from "../guest-answers";
import { csvFileName, downloadCsv, guestListCsv } from "../guest-csv";
import { useDecideRsvps } from "../hooks/use-decide-rsvps";
import { GuestRow } from "./guest-row";

type TabInfo = { status: RsvpStatus; label: MessageDescriptor; list: MessageDescriptor; empty: MessageDescriptor };
const TABS: TabInfo[] = [
  { status: "going", label: msg({ message: "Going", comment: "A tab of the guest list" }), list: msg`Going guests`, empty: msg`No one is going yet.` },
  { status: "pending", label: msg({ message: "Pending", comment: "A tab of the guest list" }), list: msg`Pending guests`, empty: msg`No requests are waiting for you.` },
  { status: "waitlisted", label: msg({ message: "Waitlist", comment: "A tab of the guest list" }), list: msg`Waitlist guests`, empty: msg`No one is on the waitlist.` },
  { status: "declined", label: msg({ message: "Declined", comment: "A tab of the guest list" }), list: msg`Declined guests`, empty: msg`You haven't declined anyone.` },
  { status: "cancelled", label: msg({ message: "Cancelled", comment: "A tab of the guest list" }), list: msg`Cancelled guests`, empty: msg`No one has cancelled.` },
];

type Props = { event: ManagedEvent; guests: Guest[] };

/** The guest list by status, with search, approvals (one or many) and CSV export. */
export function GuestListSection({ event, guests }: Props) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const answers = useQuery(guestAnswersOptions(event.id)).data;
  // Walk-ins are in the file too (the door team's list: hosts read it).
  const walkIns = useQuery(walkInsOptions(event.id)).data ?? [];
  const yes = t({ message: "Yes", comment: "A ticked checkbox question's answer" });
  const columnsOf = (table: AnswerTable | undefined) =>
    (table?.columns ?? []).map((c) => ({ key: c.key, label: c.removed ? t`${c.label} (removed question)` : c.label }));
  const columns = columnsOf(answers);
  /** The guest's answers in `table` as text, by column key (empty ones left out). */
  const answersOf = (userId: string, table: AnswerTable | undefined, cols: typeof columns) => {
    const row = table?.byUser.get(userId) ?? {};
    return Object.fromEntries(cols.map((c) => [c.key, answerText(row[c.key], yes)]).filter(([, v]) => v !== ""));
  };
  const pendingCount = guests.filter((g) => g.status === "pending").length;
  const [tab, setTab] = useState<RsvpStatus>(pendingCount > 0 ? "pending" : "going");
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const decide = useDecideRsvps(event.id);

  const byStatus = useMemo(() => {
    const map = new Map<RsvpStatus, Guest[]>(TABS.map((item) => [item.status, []]));
    for (const g of guests) map.get(g.status)?.push(g);
    // The waitlist in queue order; the rest in order of arrival (the query's order).
    map.get("waitlisted")?.sort((a, b) => (a.waitlist_position ?? 0) - (b.waitlist_position ?? 0));
    return map;
  }, [guests]);

  const visible = (byStatus.get(tab) ?? []).filter((g) => matchesSearch(g, query));
  const searched = query.trim();
  const pendingVisible = tab === "pending" ? visible : [];
  const chosen = pendingVisible.filter((g) => selected.has(g.user_id));

  const run = (list: Guest[], approve: boolean) => {
    decide.mutate(
      { decisions: list.map((g) => ({ userId: g.user_id, name: guestName(g) })), approve },
      { onSuccess: () => setSelected(new Set()) },
    );
  };
  const toggle = (userId: string, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const exportCsv = async () => {
    let emails: Map<string, string>, table: AnswerTable, door: WalkIn[];
    try {
      // The answers and walk-ins as loaded, or loading still (a page just opened): the file has them all.
      [emails, table, door] = await Promise.all([
        guestEmails(event.id),
        queryClient.ensureQueryData(guestAnswersOptions(event.id)),
        queryClient.ensureQueryData(walkInsOptions(event.id)),
      ]);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    const fileColumns = columnsOf(table);
    const rows = guests.map((g) => ({
      display_name: guestName(g), username: g.profile?.username ?? "", email: emails.get(g.user_id), status: g.status, guests: g.guests,
      checked_in_at: g.checked_in_at, created_at: g.created_at, answers: answersOf(g.user_id, table, fileColumns),
    }));
    // Oldest first, as the RSVPs are.
    const doorRows = [...door].reverse();
    downloadCsv(guestListCsv(rows, event.timezone, fileColumns, doorRows), csvFileName(event.slug));
    toast.success(plural(rows.length, { one: "Exported # RSVP.", other: "Exported # RSVPs." }));
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <Trans>Guest list</Trans>
        </h2>
        <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={guests.length === 0 && walkIns.length === 0}>
          <Download aria-hidden="true" />
          <Trans>Export CSV</Trans>
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-search`}>
          <Trans>Search guests by name</Trans>
        </Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground" />
          <Input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t`Name or username`}
            className="pl-9"
          />
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as RsvpStatus)} className="flex flex-col gap-3">
        <Tabs.List aria-label={t`Guests by status`} className="flex flex-wrap gap-1 border-b border-border">
          {TABS.map((item) => (
            <Tabs.Trigger
              key={item.status}
              value={item.status}
              className="-mb-px rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-brand-700 data-[state=active]:text-foreground"
            >
              {t(item.label)} <span className="tabular-nums">({byStatus.get(item.status)?.length ?? 0})</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((item) => (
          <Tabs.Content key={item.status} value={item.status} className="flex flex-col gap-2 focus-visible:outline-offset-4">
            {item.status === "pending" && pendingVisible.length > 0 && (
              <BulkBar
                total={pendingVisible.length}
                chosen={chosen.length}
                busy={decide.isPending}
                onSelectAll={(on) => setSelected(on ? new Set(pendingVisible.map((g) => g.user_id)) : new Set())}
                onApprove={() => run(chosen, true)}
                onDecline={() => run(chosen, false)}
              />
            )}
            {visible.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">
                {query.trim() ? t`No one here matches “${searched}”.` : t(item.empty)}
              </p>
            ) : (
              <ul className="divide-y divide-border" aria-label={t(item.list)}>
                {visible.map((g, i) => (
                  <GuestRow
                    key={g.user_id}
                    guest={g}
                    answers={columns.flatMap((c) => {
                      const text = answersOf(g.user_id, answers, columns)[c.key];
                      return text === undefined ? [] : [{ label: c.label, text }];
                    })}
                    timeZone={event.timezone}
                    selectable={item.status === "pending"}
                    selected={selected.has(g.user_id)}
                    onSelect={(on) => toggle(g.user_id, on)}
                    onDecide={(approve) => run([g], approve)}
                    busy={decide.isPending}
                    place={item.status === "waitlisted" && !query.trim() ? i + 1 : undefined}
                  />
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

type BulkBarProps = {
  total: number;
  chosen: number;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onApprove: () => void;
  onDecline: () => void;
};

function BulkBar({ total, chosen, busy, onSelectAll, onApprove, onDecline }: BulkBarProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-muted px-3 py-2">
      <input
        id={`${id}-all`}
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={chosen === total}
        ref={(el) => {
          if (el) el.indeterminate = chosen > 0 && chosen < total;
        }}
        onChange={(e) => onSelectAll(e.target.checked)}
      />
      <Label htmlFor={`${id}-all`}>
        <Trans>Select all</Trans>
      </Label>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>{chosen} selected</Trans>
      </span>
      <div className="ml-auto flex gap-2">
        <Button size="sm" onClick={onApprove} disabled={busy || chosen === 0}>
          <Trans>Approve selected</Trans>
        </Button>
        <Button size="sm" variant="outline" onClick={onDecline} disabled={busy || chosen === 0}>
          <Trans>Decline selected</Trans>
        </Button>
      </div>
    </div>
  );
}
