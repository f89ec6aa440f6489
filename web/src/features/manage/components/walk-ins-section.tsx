import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatTime } from "@/lib/datetime";
import { errorMessage } from "@/lib/errors";
import { manageKeys } from "../api/manage-keys";
import { addWalkIn, removeWalkIn, walkInsOptions } from "../api/walk-ins";

/**
 * Someone at the door without an RSVP: added by name (an email if they give one) and in at once.
 * They need no account, so they are counted beside the guest list, not on it (decision 0323).
 */
export function WalkInsSection({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const walkIns = useQuery(walkInsOptions(eventId));
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: manageKeys.walkIns(eventId) });
  const add = useMutation({
    mutationFn: () => addWalkIn(eventId, name.trim(), email),
    onSuccess: () => {
      const who = name.trim();
      toast.success(t`${who} is in.`);
      setName("");
      setEmail("");
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (walkInId: string) => removeWalkIn(walkInId),
    onSuccess: () => void refresh(),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) add.mutate();
  };
  const list = walkIns.data ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <Trans>Walk-ins</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Plural value={list.length} one="# walk-in" other="# walk-ins" />
        </p>
      </div>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>
            <Trans>Name</Trans>
          </Label>
          <Input id={`${id}-name`} value={name} maxLength={120} required autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-email`}>
            <Trans>Email (optional)</Trans>
          </Label>
          <Input id={`${id}-email`} type="email" value={email} maxLength={254} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit" disabled={add.isPending || !name.trim()}>
          <UserPlus aria-hidden="true" />
          <Trans>Add and check in</Trans>
        </Button>
      </form>
      {list.length > 0 && (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label={t`Walk-ins`}>
          {list.map((w) => {
            const at = formatTime(w.created_at, timeZone);
            const who = w.name;
            return (
              <li key={w.id} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{w.name}</p>
                  {w.email && <p className="truncate text-sm text-muted-foreground">{w.email}</p>}
                </div>
                <span className="text-sm font-medium text-emerald-800">
                  <Trans>In at {at}</Trans>
                </span>
                <Button variant="ghost" size="icon" disabled={remove.isPending} onClick={() => remove.mutate(w.id)} aria-label={t`Remove ${who}`}>
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
