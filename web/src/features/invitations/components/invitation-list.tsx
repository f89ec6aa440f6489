import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { listInvitations, type InvitationRow, type InviteTarget } from "../api/invitations-api";

type Stage = "invited" | "opened" | "going" | "waitlisted" | "pending" | "declined" | "joined";

/** Where an invitation stands, as the hosts read it: its answer, else whether it was opened. */
export function invitationStage(row: Pick<InvitationRow, "opened_at" | "response">): Stage {
  if (row.response) return row.response as Stage;
  return row.opened_at ? "opened" : "invited";
}

/** Who was invited, who opened the invitation, who answered. */
export function InvitationList({ target }: { target: InviteTarget }) {
  const { t } = useLingui();
  const rows = useQuery({ queryKey: ["invitations", target.id], queryFn: () => listInvitations(target) });
  const label: Record<Stage, string> = {
    invited: t`Invited`, opened: t`Opened`, going: t`Going`, waitlisted: t`On the waitlist`,
    pending: t`Asked to join`, declined: t`Declined`, joined: t`Joined`,
  };
  const tone = (s: Stage) => (s === "going" || s === "joined" ? "success" : s === "declined" ? "danger" : s === "invited" ? "neutral" : "brand");
  return (
    <section aria-labelledby="invited-people" className="flex flex-col gap-3">
      <h2 id="invited-people" className="text-xl font-semibold">
        <Trans>Invited</Trans>
      </h2>
      {rows.isError && <LoadError title={t`Couldn't load the invitations.`} error={rows.error} onRetry={() => void rows.refetch()} />}
      {rows.data?.length === 0 && <p className="text-sm text-muted-foreground"><Trans>Nobody invited yet.</Trans></p>}
      {rows.data && rows.data.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border">
          {rows.data.map((r) => {
            const stage = invitationStage(r);
            const who = r.invitee?.display_name ?? r.email ?? t`Someone with a link`;
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="flex flex-col break-all">
                  {who}
                  {r.invitee && r.email && <span className="text-sm text-muted-foreground">{r.email}</span>}
                </span>
                <Badge tone={tone(stage)}>{label[stage]}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
