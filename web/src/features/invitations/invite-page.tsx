import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { usePageTitle } from "@/lib/use-page-title";
import { getInviteTarget, type InvitationTarget } from "./api/invitations-api";
import { EmailInviteForm } from "./components/email-invite-form";
import { InvitationList } from "./components/invitation-list";
import { InviteLinks } from "./components/invite-links";

/**
 * /events/:slug/invite and /g/:slug/invite — the hosts invite people to a private event or
 * group (decision 0305): by pasted email addresses, by links, and see who was invited, who
 * opened the invitation and who answered. The procedures refuse anyone else.
 */
export function InvitePage({ type }: { type: InvitationTarget }) {
  const { t } = useLingui();
  const slug = useParams().slug ?? "";
  const target = useQuery({ queryKey: ["invite-target", type, slug], queryFn: () => getInviteTarget(type, slug) });
  const name = target.data?.name;
  usePageTitle(name ? t`Invite people to ${name}` : t`Invite people`);

  if (target.isPending) return <SectionsSkeleton label={t`Loading…`} sections={3} />;
  if (target.isError) return <LoadError title={t`Couldn't load this page.`} error={target.error} onRetry={() => void target.refetch()} />;
  if (!target.data) {
    return <PageState title={type === "event" ? t`Event not found` : t`Group not found`} message={t`It does not exist or is not visible to you.`} />;
  }
  const back = type === "event" ? `/events/${slug}/manage` : `/g/${slug}/manage`;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 py-6">
      <div className="flex flex-col gap-2">
        <Link to={back} className="text-sm text-brand-700 underline-offset-4 hover:underline">
          <Trans>Back to managing {name}</Trans>
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-words">
          <Trans>Invite people to {name}</Trans>
        </h1>
      </div>
      <EmailInviteForm target={target.data} />
      <InviteLinks target={target.data} />
      <InvitationList target={target.data} />
    </div>
  );
}
