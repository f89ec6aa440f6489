import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Ban, Check, Clock, LogIn, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { signInPathFor } from "@/lib/auth/safe-next";
import type { GroupDetail } from "../api/get-group";
import { myMembershipOptions, organizersOptions } from "../api/members-api";
import { useMembershipMutations } from "../hooks/use-membership-mutations";

type MembershipButtonProps = { group: GroupDetail; userId: string | undefined };

/**
 * Where the viewer stands, and the one thing they can do about it: sign in, join (open), ask
 * to join (approval), withdraw a request, leave; a banned member is told so and offered nothing.
 */
export function MembershipButton({ group, userId }: MembershipButtonProps) {
  const { t } = useLingui();
  const location = useLocation();
  const membership = useQuery({ ...myMembershipOptions(group.id, userId), enabled: Boolean(userId) });
  const { join, leave } = useMembershipMutations(group, userId);
  const busy = join.isPending || leave.isPending;
  const name = group.name;
  const [confirming, setConfirming] = useState(false);
  // A group keeps an organizer (the database refuses the last one leaving): the only organizer
  // is told how to hand over instead of being offered "Leave group".
  const isOrganizer = membership.data?.status === "active" && membership.data.role === "organizer";
  const organizers = useQuery({ ...organizersOptions(group.id, userId), enabled: Boolean(userId) && isOrganizer });
  const soleOrganizer = isOrganizer && organizers.data?.filter((m) => m.role === "organizer").length === 1;

  if (!userId) {
    return (
      <Button asChild>
        <Link to={signInPathFor(location.pathname + location.search)}>
          <LogIn aria-hidden="true" />
          {group.join_policy === "open" ? <Trans>Sign in to join</Trans> : <Trans>Sign in to ask to join</Trans>}
        </Link>
      </Button>
    );
  }
  if (membership.isPending) {
    return (
      <Button disabled>
        <Trans>Loading…</Trans>
      </Button>
    );
  }

  const mine = membership.data;
  if (mine?.status === "banned") {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
        <Ban aria-hidden="true" className="size-4 shrink-0" />
        <Trans>You can't join this group.</Trans>
      </p>
    );
  }
  if (mine?.status === "pending") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-amber-950">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          <Trans>Request pending: the organizers will let you know.</Trans>
        </p>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => leave.mutate()}>
          <Trans>Withdraw request</Trans>
        </Button>
      </div>
    );
  }
  if (mine?.status === "active" && soleOrganizer) {
    return (
      <div className="flex max-w-prose flex-col gap-1">
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-900">
          <Check aria-hidden="true" className="size-4 shrink-0" />
          <Trans>You're this group's organizer</Trans>
        </p>
        <p className="text-sm text-muted-foreground">
          {/* "Manage group" is the header's link, right above. */}
          <Trans>A group needs an organizer: to leave it, first make another member an organizer in Manage group.</Trans>
        </p>
      </div>
    );
  }
  if (mine?.status === "active") {
    return confirming ? (
      <div role="group" aria-label={t`Leave ${name}?`} className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium">
          <Trans>Leave {name}? You can join again later.</Trans>
        </p>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => { setConfirming(false); leave.mutate(); }}>
          <Trans>Yes, leave</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
          <Trans>Stay</Trans>
        </Button>
      </div>
    ) : (
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-900">
          <Check aria-hidden="true" className="size-4 shrink-0" />
          <Trans>You're a member</Trans>
        </p>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
          <Trans>Leave group</Trans>
        </Button>
      </div>
    );
  }
  return (
    <Button disabled={busy} onClick={() => join.mutate()}>
      <UserPlus aria-hidden="true" />
      {group.join_policy === "open" ? <Trans>Join group</Trans> : <Trans>Ask to join</Trans>}
    </Button>
  );
}
