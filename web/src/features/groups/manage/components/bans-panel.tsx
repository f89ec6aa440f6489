import { Trans, useLingui } from "@lingui/react/macro";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { setBanned } from "../api/manage-actions";
import { formatDay } from "../format";
import { errorMessage } from "@/lib/errors";
import { usePeople } from "../hooks/use-people";
import { useManageAction } from "../hooks/use-manage-action";
import { MorePeople } from "./more-people";
import { PersonCell, personName } from "./person-cell";

/** Who is banned, newest first; lifting a ban lets them join (or ask) again. */
export function BansPanel({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  const { query, people, remaining } = usePeople(groupId, "banned");
  const unban = useManageAction(
    ({ userId }: { userId: string; name: string }) => setBanned(groupId, userId, false),
    ({ name }) => t`The ban on ${name} is lifted. They can join again.`,
  );
  if (query.isPending) return <Spinner label={t`Loading bans…`} />;
  if (query.isError) return <Alert tone="error">{errorMessage(query.error)}</Alert>;
  if (people.length === 0) {
    return (
      <p className="text-muted-foreground">
        <Trans>Nobody is banned from this group.</Trans>
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label={t`Banned people`}>
        {people.map((person) => {
          const name = personName(person, t`Former member`);
          const since = person.banned_at ? formatDay(person.banned_at) : "";
          return (
            <li key={person.user_id} className="flex flex-wrap items-center gap-3 p-3">
              <PersonCell person={person} detail={since ? t`Banned on ${since}` : undefined} />
              <Button
                size="sm"
                variant="outline"
                disabled={unban.isPending}
                aria-label={t`Lift ban on ${name}`}
                onClick={() => unban.mutate({ userId: person.user_id, name })}
              >
                <Trans>Lift ban</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
      <MorePeople query={query} remaining={remaining} />
    </>
  );
}
