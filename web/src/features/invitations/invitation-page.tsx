import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, MailOpen, MapPin, Users } from "lucide-react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { signInPathFor } from "@/lib/auth/safe-next";
import { formatEventRange } from "@/lib/datetime";
import { errorCode, errorMessage } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import { answerInvitation, getInvitation, type Answer, type InvitationDetails } from "./api/invitations-api";

/** Codes that mean the invitation leads nowhere (decision 0306): said as a whole page. */
const DEAD_ENDS = new Set([
  "invitation_invalid", "invite_link_invalid", "invite_link_revoked", "invite_link_expired", "invite_link_used_up",
  "event_not_found", "group_not_found",
]);

/**
 * /invitations/:token — where an invitation email's button and a host's invitation link lead
 * (decision 0305). Anyone may look; a signed-in invitee answers in one step: going or not for an
 * event (the ordinary RSVP), joining or not for a group.
 */
export function InvitationPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Invitation`);
  // An emailed invitation's token is `<id>.<signature>`, written `<id>~<signature>` in its address
  // (a path ending in `.<hex>` reads as a file to static hosts).
  const token = (useParams().token ?? "").replace("~", ".");
  const session = useSession();
  const queryClient = useQueryClient();
  const key = ["invitation", token, session.user?.id ?? null];
  const details = useQuery({ queryKey: key, queryFn: () => getInvitation(token), retry: false, enabled: session.status !== "loading" });
  const answer = useMutation({
    mutationFn: (a: Answer) => answerInvitation(token, a),
    onSuccess: (result) => {
      if (result.rsvp_error) toast.error(errorMessage(result.rsvp_error));
      else toast.success(result.response === "declined" ? t`Your answer was sent to the hosts.` : t`You're in.`);
      void queryClient.invalidateQueries({ queryKey: ["invitation", token] });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  if (details.isError && DEAD_ENDS.has(errorCode(details.error) ?? "")) {
    return <PageState title={t`This invitation doesn't work`} message={errorMessage(details.error)} />;
  }
  if (details.isError) return <LoadError title={t`Couldn't open this invitation.`} error={details.error} onRetry={() => void details.refetch()} />;
  if (!details.data) return <SectionsSkeleton label={t`Loading…`} sections={1} />;

  const inv = details.data;
  const email = inv.email;
  const inviter = inv.invited_by?.display_name ?? t`Someone`;
  const name = inv.event?.title ?? inv.group?.name ?? "";
  const here = `/invitations/${encodeURIComponent(token.replace(".", "~"))}`;
  const targetHref = inv.event ? `/events/${inv.event.slug}` : `/g/${inv.group?.slug ?? ""}`;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 py-8">
      <MailOpen aria-hidden="true" className="size-10 text-brand-700" />
      <p className="text-sm font-semibold text-brand-700">
        <Trans>{inviter} invited you</Trans>
      </p>
      <h1 className="text-3xl font-bold tracking-tight break-words">{name}</h1>
      <TargetFacts inv={inv} locale={i18n.locale} />
      {inv.event?.status === "cancelled" && <Alert tone="error"><Trans>This event was cancelled.</Trans></Alert>}
      {session.status !== "signed-in" ? (
        <div className="flex flex-col gap-3">
          <p className="text-muted-foreground">
            {email ? <Trans>This invitation was sent to {email}. Sign in with that address to answer it.</Trans> : <Trans>Sign in to answer.</Trans>}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild><Link to={signInPathFor(here)}><Trans>Sign in to answer</Trans></Link></Button>
            <Button asChild variant="outline"><Link to={`/auth/sign-up?next=${encodeURIComponent(here)}`}><Trans>Create an account</Trans></Link></Button>
          </div>
        </div>
      ) : inv.me && !inv.me.may_answer ? (
        <Alert tone="error">
          {email ? <Trans>This invitation was sent to {email}. Sign in with that address to answer it.</Trans> : <Trans>You can't answer this invitation.</Trans>}
        </Alert>
      ) : (
        <Answers inv={inv} busy={answer.isPending} onAnswer={(a) => answer.mutate(a)} targetHref={targetHref} />
      )}
    </div>
  );
}

function TargetFacts({ inv, locale }: { inv: InvitationDetails; locale: string }) {
  const e = inv.event;
  if (e) {
    const where = [e.venue_name, e.address].filter(Boolean).join(", ");
    const host = e.host_name;
    return (
      <ul className="flex flex-col gap-2 text-muted-foreground">
        <li className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formatEventRange(e.starts_at, e.ends_at, e.timezone, { locale })}
        </li>
        {(where || e.is_online) && (
          <li className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {where || <Trans>Online</Trans>}
          </li>
        )}
        {host && <li><Trans>Hosted by {host}</Trans></li>}
      </ul>
    );
  }
  const g = inv.group;
  if (!g) return null;
  const members = g.member_count ?? 0;
  return (
    <ul className="flex flex-col gap-2 text-muted-foreground">
      {g.city && (
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {g.city}
        </li>
      )}
      <li className="flex items-start gap-2">
        <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <Plural value={members} one="# member" other="# members" />
      </li>
    </ul>
  );
}

function Answers({ inv, busy, onAnswer, targetHref }: { inv: InvitationDetails; busy: boolean; onAnswer: (a: Answer) => void; targetHref: string }) {
  const rsvp = inv.me?.rsvp_status;
  const member = inv.me?.member_status;
  const declined = inv.me?.response === "declined";
  const open = (
    <Button asChild variant="outline">
      <Link to={targetHref}>{inv.event ? <Trans>Open the event</Trans> : <Trans>Open the group</Trans>}</Link>
    </Button>
  );
  if (inv.event) {
    const answered = rsvp === "going" || rsvp === "waitlisted" || rsvp === "pending";
    return (
      <div className="flex flex-col gap-3">
        {rsvp === "going" && <Alert tone="success"><Trans>You're going.</Trans></Alert>}
        {rsvp === "waitlisted" && <Alert tone="info"><Trans>You're on the waitlist.</Trans></Alert>}
        {rsvp === "pending" && <Alert tone="info"><Trans>Your request is waiting for the hosts.</Trans></Alert>}
        {declined && !answered && <Alert tone="info"><Trans>You said you can't go.</Trans></Alert>}
        <div className="flex flex-wrap gap-3">
          {!answered && inv.event.status !== "cancelled" && (
            <Button disabled={busy} onClick={() => onAnswer("going")}><Trans>I'm going</Trans></Button>
          )}
          {!declined && inv.event.status !== "cancelled" && (
            <Button variant="outline" disabled={busy} onClick={() => onAnswer("decline")}><Trans>I can't go</Trans></Button>
          )}
          {open}
        </div>
      </div>
    );
  }
  const joined = member === "active";
  return (
    <div className="flex flex-col gap-3">
      {joined && <Alert tone="success"><Trans>You're a member.</Trans></Alert>}
      {declined && !joined && <Alert tone="info"><Trans>You declined this invitation.</Trans></Alert>}
      <div className="flex flex-wrap gap-3">
        {!joined && <Button disabled={busy} onClick={() => onAnswer("join")}><Trans>Join the group</Trans></Button>}
        {!joined && !declined && <Button variant="outline" disabled={busy} onClick={() => onAnswer("decline")}><Trans>No, thanks</Trans></Button>}
        {open}
      </div>
    </div>
  );
}
