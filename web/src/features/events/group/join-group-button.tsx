import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { signInPathFor } from "@/lib/auth/safe-next";
import type { Database } from "@/lib/database.types";
import type { MembershipStatus } from "./event-group-api";
import { useJoinGroup } from "./use-join-group";

type Props = {
  groupId: string;
  joinPolicy: Database["public"]["Enums"]["group_join_policy"];
  myStatus: MembershipStatus | null;
  signedIn: boolean;
  /** Where to come back to after signing in. */
  returnTo: string;
};

/**
 * Join (open group) or ask to join (approval group); a pending request and a ban say so
 * instead. Members see nothing: they are in.
 */
export function JoinGroupButton({ groupId, joinPolicy, myStatus, signedIn, returnTo }: Props) {
  const join = useJoinGroup();
  if (myStatus === "active") return null;
  if (myStatus === "pending") {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        <Trans>Your request to join is waiting for the organizers.</Trans>
      </p>
    );
  }
  if (myStatus === "banned") {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>You can't join this group.</Trans>
      </p>
    );
  }
  if (!signedIn) {
    return (
      <Button asChild size="sm">
        <Link to={signInPathFor(returnTo)}>
          <Trans>Sign in to join</Trans>
        </Link>
      </Button>
    );
  }
  return (
    <Button size="sm" disabled={join.isPending} onClick={() => join.mutate(groupId)}>
      {joinPolicy === "approval" ? <Trans>Ask to join</Trans> : <Trans>Join group</Trans>}
    </Button>
  );
}
