import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { PageState } from "@/components/page-states";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/auth/session-context";
import { EventUnavailableOrNotFound } from "@/components/unavailable-state";
import { eventGateOptions } from "./event-group-api";
import { GroupLogo } from "./group-logo";
import { JoinGroupButton } from "./join-group-button";

/**
 * Shown instead of "not found" when the event exists but belongs to a group the viewer is not
 * in (members-only, or a private group's): which group, and the way in. Says nothing of the
 * event itself (event_group_gate, decision 0102).
 */
export function MembersOnlyGate({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { user, status } = useSession();
  const query = useQuery({ ...eventGateOptions(slug, user?.id), enabled: status !== "loading" });
  if (status === "loading" || query.isPending) return <Spinner label={t`Loading…`} />;
  const gate = query.data;
  // No group to join: a hidden event's guests are told it is unavailable, anyone else "not found".
  if (!gate) return <EventUnavailableOrNotFound slug={slug} />;
  const name = gate.name;
  return (
    <PageState
      icon={<GroupLogo name={gate.name} path={gate.logo_path} className="size-14" />}
      eyebrow={
        <>
          <Lock aria-hidden="true" className="size-4" />
          <Trans>Members only</Trans>
        </>
      }
      title={t`This event is for members of ${name}`}
      message={t`Join the group to see the event and RSVP.`}
      back={
        <div className="flex flex-wrap items-center gap-3">
          <JoinGroupButton
            groupId={gate.group_id}
            joinPolicy={gate.join_policy}
            myStatus={gate.my_status}
            signedIn={Boolean(user)}
            returnTo={`/events/${slug}`}
          />
          <Link to={`/g/${gate.slug}`} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            <Trans>See the group</Trans>
          </Link>
        </div>
      }
    />
  );
}
