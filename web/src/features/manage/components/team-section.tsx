import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserMinus, UserPlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { manageKeys } from "../api/manage-keys";
import { addTeamMember, normaliseUsername, removeTeamMember, ROLE_LABELS, teamOptions, type TeamMember } from "../api/team";

/**
 * Co-hosts (manage everything but the team) and checkers (check-in only). Only the host, or a
 * site admin, changes the team; co-hosts see it read-only.
 */
export function TeamSection({ eventId, canEdit }: { eventId: string; canEdit: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(teamOptions(eventId));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: manageKeys.team(eventId) });
    void queryClient.invalidateQueries({ queryKey: [...manageKeys.all, "event"] });
  };
  const removeLabel = (name: string | undefined) => (name ? t`Remove ${name} from the team` : t`Remove this member from the team`);
  const remove = useMutation({
    mutationFn: (m: TeamMember) => removeTeamMember(eventId, m.user_id),
    onSuccess: (_, m) => {
      const name = m.profile?.display_name;
      toast.success(name ? t`Removed ${name} from the team.` : t`Removed them from the team.`);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <Trans>Co-hosts and checkers</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Co-hosts manage guests and message attendees. Checkers only check people in.</Trans>
        </p>
      </div>
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t`Loading the team`}>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError title={t`Couldn't load the team.`} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ul className="divide-y divide-border" aria-label={t({ message: "Team", comment: "The list of an event's hosts and checkers" })}>
          {query.data.map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{m.profile?.display_name ?? t`A former member`}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {m.profile ? `@${m.profile.username} · ` : ""}
                  {t(ROLE_LABELS[m.role])}
                </p>
              </div>
              {canEdit && m.role !== "host" && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(m)}
                  aria-label={removeLabel(m.profile?.display_name)}
                >
                  <UserMinus aria-hidden="true" />
                  <Trans>Remove</Trans>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && <AddMemberForm eventId={eventId} onAdded={refresh} />}
    </section>
  );
}

function AddMemberForm({ eventId, onAdded }: { eventId: string; onAdded: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<"cohost" | "checker">("cohost");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addTeamMember(eventId, username, role),
    onSuccess: () => {
      const handle = `@${normaliseUsername(username)}`;
      toast.success(role === "cohost" ? t`${handle} is now a co-host.` : t`${handle} is now a checker.`);
      setUsername("");
      onAdded();
    },
    onError: (error) => setFieldError(errorMessage(error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[a-z0-9_]{3,30}$/.test(normaliseUsername(username))) {
      setFieldError(t`Enter a username: 3 to 30 letters, digits or _.`);
      return;
    }
    setFieldError(null);
    add.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 className="font-semibold">
        <Trans>Add someone</Trans>
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-username`}>
            <Trans>Username</Trans>
          </Label>
          <Input
            id={`${id}-username`}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            placeholder={t({ message: "@username", comment: "Placeholder: type a member's username" })}
            autoComplete="off"
            autoCapitalize="none"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-role`}>
            <Trans>Role</Trans>
          </Label>
          <Select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as "cohost" | "checker")}>
            <option value="cohost">{t(ROLE_LABELS.cohost)}</option>
            <option value="checker">{t(ROLE_LABELS.checker)}</option>
          </Select>
        </div>
        <Button type="submit" disabled={add.isPending}>
          <UserPlus aria-hidden="true" />
          {add.isPending ? t`Adding…` : t({ message: "Add", comment: "Adds a member to the event's team" })}
        </Button>
      </div>
      {fieldError && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {fieldError}
        </p>
      )}
    </form>
  );
}
