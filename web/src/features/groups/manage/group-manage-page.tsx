import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Plus, UserPlus } from "lucide-react";
import { Tabs } from "radix-ui";
import { Link, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ForbiddenState, LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { queryRoots } from "@/lib/query-keys";
import { usePageTitle } from "@/lib/use-page-title";
import { GroupForm, groupToFormValues } from "../form/group-form";
import { managedGroupOptions, type ManagedGroup, type ManagerRights } from "./api/managed-group";
import { AnnouncementForm } from "./components/announcement-form";
import { BansPanel } from "./components/bans-panel";
import { DeleteGroupSection } from "./components/delete-group-section";
import { MembersPanel } from "./components/members-panel";
import { RequestsPanel } from "./components/requests-panel";
import { useLiveManage } from "./hooks/use-live-manage";

type Tab = "requests" | "members" | "bans" | "announce" | "settings";
const TABS: { id: Tab; label: MessageDescriptor }[] = [
  { id: "requests", label: msg({ message: "Requests", comment: "A tab of a group's manage area" }) },
  { id: "members", label: msg({ message: "Members", comment: "A tab of a group's manage area" }) },
  { id: "bans", label: msg({ message: "Bans", comment: "A tab of a group's manage area" }) },
  { id: "announce", label: msg({ message: "Announce", comment: "A tab of a group's manage area" }) },
  { id: "settings", label: msg({ message: "Settings", comment: "A tab of a group's manage area" }) },
];
const isTab = (v: string | null): v is Tab => TABS.some((tab) => tab.id === v);

/** /g/:slug/manage — organizers' and co-organizers' area (and site admins'). */
export function GroupManagePage() {
  return (
    <RequireAuth>
      <ManageScreen />
    </RequireAuth>
  );
}

function ManageScreen() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const query = useQuery(managedGroupOptions(slug, user!.id, isAdmin));
  const load = query.data;
  const name = load?.group.name;
  usePageTitle(name ? t`Manage: ${name}` : query.isPending ? undefined : t`Manage group`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading the group…`} sections={3} />;
  if (query.isError) return <LoadError title={t`Couldn't load this group.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!load) return <PageState title={t`Group not found`} message={t`This group does not exist or is not visible to you.`} />;
  if (!load.rights.manager) {
    return (
      <ForbiddenState
        title={t`Manage group`}
        message={t`Only the group's organizers and co-organizers can do that.`}
        back={
          <Button asChild>
            <Link to={`/g/${load.group.slug}`}>
              <Trans>Back to the group</Trans>
            </Link>
          </Button>
        }
      />
    );
  }
  return <ManageArea group={load.group} rights={load.rights} userId={user!.id} />;
}

function ManageArea({ group, rights, userId }: { group: ManagedGroup; rights: ManagerRights; userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  useLiveManage(group.id, group.slug, userId);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  // Open on the requests while someone is waiting; on the members otherwise.
  const tab: Tab = isTab(requested) ? requested : group.pending_count > 0 ? "requests" : "members";
  const counts: Partial<Record<Tab, number>> = { requests: group.pending_count, members: group.member_count, bans: group.banned_count };
  const select = (value: string) =>
    setParams((p) => {
      p.set("tab", value);
      return p;
    }, { replace: true });
  const name = group.name;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-brand-700">
            <Trans>Manage group</Trans>
          </p>
          <h1 className="break-words text-3xl font-bold tracking-tight">{name}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={`/g/${group.slug}`}>
              <ExternalLink aria-hidden="true" />
              <Trans>View the group page</Trans>
            </Link>
          </Button>
          {/* Every viewer here is an organizer or co-organizer: those who may invite (decision 0305). */}
          <Button asChild variant="outline">
            <Link to={`/g/${group.slug}/invite`}>
              <UserPlus aria-hidden="true" />
              <Trans>Invite people</Trans>
            </Link>
          </Button>
          <Button asChild>
            <Link to={`/events/new?group=${group.id}`}>
              <Plus aria-hidden="true" />
              <Trans>Create an event</Trans>
            </Link>
          </Button>
        </div>
      </header>
      <Tabs.Root value={tab} onValueChange={select} className="flex flex-col gap-4">
        <Tabs.List aria-label={t`Manage ${name}`} className="flex flex-wrap gap-1 border-b border-border">
          {TABS.map((item) => (
            <Tabs.Trigger
              key={item.id}
              value={item.id}
              className="-mb-px inline-flex h-10 items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-brand-700 data-[state=active]:text-brand-700"
            >
              {t(item.label)}
              {counts[item.id] !== undefined && (
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground">{counts[item.id]}</span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="requests" className="flex flex-col gap-4 focus-visible:outline-none">
          <RequestsPanel groupId={group.id} />
        </Tabs.Content>
        <Tabs.Content value="members" className="flex flex-col gap-4 focus-visible:outline-none">
          <MembersPanel groupId={group.id} groupName={name} rights={rights} userId={userId} />
        </Tabs.Content>
        <Tabs.Content value="bans" className="flex flex-col gap-4 focus-visible:outline-none">
          <BansPanel groupId={group.id} />
        </Tabs.Content>
        <Tabs.Content value="announce" className="flex flex-col gap-4 focus-visible:outline-none">
          <AnnouncementForm groupId={group.id} memberCount={group.member_count} />
        </Tabs.Content>
        <Tabs.Content value="settings" className="flex flex-col gap-8 focus-visible:outline-none">
          {/* Remounted on a saved change, so the form shows what was stored. */}
          <GroupForm
            key={group.updated_at}
            initial={groupToFormValues(group)}
            group={group}
            submitLabel={t`Save settings`}
            onSaved={() => {
              toast.success(t`Settings saved.`);
              void queryClient.invalidateQueries({ queryKey: queryRoots.groups });
            }}
          />
          {rights.organizer && <DeleteGroupSection groupId={group.id} groupName={name} />}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
