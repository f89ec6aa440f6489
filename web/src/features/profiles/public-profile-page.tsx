import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { MapPin, UserX } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageState } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { FollowHost } from "@/features/recommendations/follow-host";
import { MessageButton } from "@/features/messages/message-button";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { usePageTitle } from "@/lib/use-page-title";
import { publicProfileOptions, type PublicProfile } from "./api/public-profile";
import { HostedEventsSection } from "./components/hosted-events-section";
import { OrganizedGroupsSection } from "./components/organized-groups-section";

export function PublicProfilePage() {
  const { t } = useLingui();
  const { username = "" } = useParams();
  const profile = useQuery(publicProfileOptions(username));
  const data = profile.data;
  usePageTitle(profile.isPending ? t`Profile` : data ? `${data.display_name} (@${data.username})` : t`Member not found`);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return (
      <div className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Profile</Trans>
        </h1>
        <Alert tone="error">
          <Trans>We couldn't load this profile.</Trans> {errorMessage(profile.error)}
        </Alert>
        <Button variant="outline" onClick={() => void profile.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (!data) return <ProfileNotFound username={username} />;
  return <ProfileView profile={data} />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const { user } = useSession();
  const { i18n } = useLingui();
  // In the language on screen (decision 0204), not the browser's.
  const since = new Intl.DateTimeFormat(i18n.locale, { month: "long", year: "numeric" }).format(new Date(profile.created_at));
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar person={profile} className="size-24 text-3xl" px={96} loading="eager" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="break-words text-3xl font-bold tracking-tight">{profile.display_name}</h1>
          <p className="text-muted-foreground">@{profile.username}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            {profile.home_city && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4" />
                {profile.home_city}
              </span>
            )}
            <span>
              <Trans>Member since {since}</Trans>
            </span>
          </p>
        </div>
        {user?.id === profile.id && (
          <Button asChild variant="outline" className="self-start sm:self-center">
            <Link to="/settings">
              <Trans>Edit profile</Trans>
            </Link>
          </Button>
        )}
        {user && user.id !== profile.id && <FollowHost userId={user.id} hostId={profile.id} name={profile.display_name} />}
        {user && user.id !== profile.id && <MessageButton userId={user.id} personId={profile.id} />}
      </header>
      {profile.bio && <p className="max-w-prose whitespace-pre-line">{profile.bio}</p>}
      <OrganizedGroupsSection profile={profile} />
      <HostedEventsSection profile={profile} />
    </div>
  );
}


function ProfileNotFound({ username }: { username: string }) {
  const { t } = useLingui();
  return (
    <PageState
      icon={<UserX aria-hidden="true" className="size-10 text-brand-600" />}
      eyebrow="404"
      title={t`Member not found`}
      message={
        <Trans>
          There is no member called <span className="font-medium text-foreground">@{username}</span>. The link may be
          mistyped, or the account may have been deleted.
        </Trans>
      }
    />
  );
}

function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-10" role="status" aria-label={t`Loading profile…`}>
      <div className="flex items-center gap-5">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <Skeleton className="h-16 w-full max-w-prose" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
