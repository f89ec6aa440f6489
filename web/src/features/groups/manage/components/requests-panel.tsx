import { Trans, useLingui } from "@lingui/react/macro";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDay } from "../format";
import { decideRequest } from "../api/manage-actions";
import { useManageAction } from "../hooks/use-manage-action";
import { errorMessage } from "@/lib/errors";
import { usePeople } from "../hooks/use-people";
import { MorePeople } from "./more-people";
import { PersonCell, personName } from "./person-cell";

/** Pending requests, oldest first, each accepted or declined; new ones appear live. */
export function RequestsPanel({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  const { query, people, remaining } = usePeople(groupId, "pending");
  const decide = useManageAction(
    ({ userId, approve }: { userId: string; approve: boolean; name: string }) => decideRequest(groupId, userId, approve),
    ({ approve, name }) => (approve ? t`${name} is now a member.` : t`Request from ${name} declined.`),
  );
  if (query.isPending) return <Spinner label={t`Loading requests…`} />;
  if (query.isError) return <Alert tone="error">{errorMessage(query.error)}</Alert>;
  if (people.length === 0) {
    return (
      <p className="text-muted-foreground">
        <Trans>No one is waiting to join. New requests show up here as they arrive.</Trans>
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label={t`Requests to join`}>
        {people.map((person) => {
          const name = personName(person, t`Former member`);
          const asked = formatDay(person.created_at);
          return (
            <li key={person.user_id} className="flex flex-wrap items-center gap-3 p-3">
              <PersonCell person={person} detail={t`Asked on ${asked}`} />
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={decide.isPending}
                  aria-label={t`Accept ${name}`}
                  onClick={() => decide.mutate({ userId: person.user_id, approve: true, name })}
                >
                  <Trans>Accept</Trans>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={decide.isPending}
                  aria-label={t`Decline ${name}`}
                  onClick={() => decide.mutate({ userId: person.user_id, approve: false, name })}
                >
                  <Trans>Decline</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <MorePeople query={query} remaining={remaining} />
    </>
  );
}
