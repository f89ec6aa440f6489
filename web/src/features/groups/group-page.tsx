import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useParams } from "react-router";
import { AfterPaint } from "@/components/after-paint";
import { LazyMarkdown as LazyMarkdownSection } from "@/components/markdown/lazy-markdown";
import { LoadError, SectionsSkeleton } from "@/components/page-states";
import { GroupUnavailableOrNotFound } from "@/components/unavailable-state";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { useSession } from "@/lib/auth/session-context";
import { memoInLanguage } from "@/lib/i18n/memo-in-language";
import { usePageTitle } from "@/lib/use-page-title";
import { groupDetailOptions } from "./api/get-group";
import { managerStatsOptions, myMembershipOptions } from "./api/members-api";
import { AlertsToggle } from "./components/alerts-toggle";
import { MapFacade as MapFacadeSection } from "@/components/map/map-facade";
import { GroupDiscussions } from "@/features/discussions/discussions";
import { EmbedBox } from "@/features/embeds/embed-box";
import { Topics } from "@/features/recommendations/topics";
import { GroupAnnouncements as GroupAnnouncementsSection } from "./components/group-announcements";
import { GroupCalendarLinks as GroupCalendarLinksSection } from "./components/group-calendar-links";
import { GroupEventsSection as GroupEventsSectionSection } from "./components/group-events-section";
import { GroupHeader } from "./components/group-header";
import { GroupPeople as GroupPeopleSection } from "./components/group-people";
import { MembershipButton } from "./components/membership-button";
import { useLiveGroup } from "./hooks/use-live-group";

// The page renders again as the session, the viewer's membership and fresh data arrive;
// sections whose props have not changed are not rendered again.
const LazyMarkdown = memoInLanguage(LazyMarkdownSection);
const MapFacade = memoInLanguage(MapFacadeSection);
const GroupAnnouncements = memoInLanguage(GroupAnnouncementsSection);
const GroupCalendarLinks = memoInLanguage(GroupCalendarLinksSection);
const GroupEventsSection = memoInLanguage(GroupEventsSectionSection);
const GroupPeople = memoInLanguage(GroupPeopleSection);

/** /g/:slug — a group's home: who it is, where, who runs it, what's next, and joining. */
export function GroupPage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const { user, status } = useSession();
  const isAdmin = useIsAdmin();
  const userId = user?.id;
  // While the session loads nothing is asked, so each query runs once, as the right viewer.
  const ready = status !== "loading";
  const query = useQuery({
    ...groupDetailOptions(slug, userId),
    enabled: ready,
    // The page's HTML carries the group as anyone sees it (decision 0168): shown while the session
    // loads, and kept while a signed-in viewer's own copy comes (same group only).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === slug ? previous : undefined),
  });
  const group = query.data ?? null;
  const membership = useQuery({ ...myMembershipOptions(group?.id ?? "", userId), enabled: Boolean(group && userId) });
  const mine = membership.data;
  const isMember = mine?.status === "active";
  const canManage = isAdmin || (isMember && (mine.role === "organizer" || mine.role === "co_organizer"));
  const managerStats = useQuery({ ...managerStatsOptions(group?.id ?? "", userId), enabled: Boolean(group && canManage) });
  useLiveGroup(group, userId);

  usePageTitle(group?.name ?? (query.isPending ? undefined : t`Group not found`));

  if ((!ready && !query.data) || query.isPending) return <SectionsSkeleton label={t`Loading group…`} />;
  if (query.isError) return <LoadError title={t`Couldn't load this group.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!group) return <GroupUnavailableOrNotFound slug={slug} />;

  // A private group's name, about, city and organizers are public; the rest is for members (decision 0100).
  const canSeeContent = group.visibility === "public" || isMember || isAdmin;
  const memberCount = group.group_stats?.member_count ?? 0;

  return (
    <article className="flex flex-col gap-8">
      <GroupHeader
        group={group}
        canManage={canManage}
        pendingCount={managerStats.data?.pending_count}
        action={<MembershipButton group={group} userId={ready ? userId : undefined} />}
      />
      <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {/* Below the HTML's first screen (the header): drawn in a task of its own right after
              the page's top, before the aside's (decision 0199). */}
          <AfterPaint>
            <section aria-labelledby="group-about" className="flex flex-col gap-3">
              <h2 id="group-about" className="text-xl font-semibold">
                <Trans>About</Trans>
              </h2>
              {group.about.trim() ? (
                <LazyMarkdown source={group.about} />
              ) : (
                <p className="text-muted-foreground">
                  <Trans>The organizers haven't written about this group yet.</Trans>
                </p>
              )}
            </section>
            {canSeeContent ? (
              <>
                <GroupAnnouncements groupId={group.id} userId={userId} />
                <GroupEventsSection groupId={group.id} userId={userId} when="upcoming" />
                {userId && (isMember || canManage) && <GroupDiscussions groupId={group.id} userId={userId} canManage={canManage} />}
                {/* Below the first screen: rendered in a task of its own after the top has painted. */}
                <AfterPaint>
                  <GroupEventsSection groupId={group.id} userId={userId} when="past" />
                </AfterPaint>
              </>
            ) : (
              <section aria-labelledby="group-private" className="flex flex-col gap-2 rounded-xl border border-border bg-muted/40 p-5">
                <h2 id="group-private" className="flex items-center gap-2 text-lg font-semibold">
                  <Lock aria-hidden="true" className="size-5" />
                  <Trans>This group is private</Trans>
                </h2>
                <p className="text-muted-foreground">
                  {mine?.status === "pending" ? (
                    <Trans>Its events, members and announcements are for members. You'll see them once the organizers accept your request.</Trans>
                  ) : (
                    <Trans>Its events, members and announcements are for members. Join to see them.</Trans>
                  )}
                </p>
              </section>
            )}
          </AfterPaint>
        </div>
        {/* After the page's content in reading order: on a phone, About and the events come first. */}
        <aside className="flex flex-col gap-6">
          {/* Rendered in a task of its own after the page's top has painted. */}
          <AfterPaint>
            {isMember && userId && <AlertsToggle groupId={group.id} userId={userId} membership={mine} />}
            <GroupPeople groupId={group.id} userId={userId} memberCount={memberCount} canSeeMembers={canSeeContent} />
            <section aria-labelledby="group-home" className="flex flex-col gap-3">
              <h2 id="group-home" className="text-lg font-semibold">
                <Trans>Home city</Trans>
              </h2>
              <p>{group.city}</p>
              <MapFacade lat={group.lat} lng={group.lng} name={group.city} />
            </section>
            {group.visibility === "public" && <GroupCalendarLinks slug={group.slug} name={group.name} />}
            {canManage && group.visibility === "public" && <EmbedBox kind="group" slug={group.slug} />}
            {canManage && <Topics table="groups" id={group.id} />}
          </AfterPaint>
        </aside>
      </div>
    </article>
  );
}
