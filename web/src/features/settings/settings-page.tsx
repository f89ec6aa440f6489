import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { useMyProfile, type MyProfile } from "@/lib/profile/my-profile";
import { queryRoots } from "@/lib/query-keys";
import { usePageTitle } from "@/lib/use-page-title";
import { saveProfile } from "./api/profile-writes";
import { AvatarSection } from "./components/avatar-section";
import { CookiePreferences } from "./components/cookie-preferences";
import { DeleteAccountSection } from "./components/delete-account-section";
import { EmailForm } from "./components/email-form";
import { NotificationPreferencesForm } from "./components/notification-preferences-form";
import { PasswordForm } from "./components/password-form";
import { ProfileForm } from "./components/profile-form";
import { SettingsSection } from "./components/settings-section";
import type { ProfileValues } from "./settings-schemas";

const SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "photo", label: "Photo" },
  { id: "email", label: "Email" },
  { id: "password", label: "Password" },
  { id: "notifications", label: "Notifications" },
  { id: "cookies", label: "Cookies" },
  { id: "delete-account", label: "Delete account" },
];

export function SettingsPage() {
  usePageTitle("Settings");
  return (
    <RequireAuth>
      <Settings />
    </RequireAuth>
  );
}

/** The message an email-change link leaves in the URL when it comes back here. */
function linkMessage(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get("message");
}

function Settings() {
  const profile = useMyProfile();
  const [returned] = useState(linkMessage);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        {profile.data && (
          <p className="text-muted-foreground">
            Your public profile is at{" "}
            <Link to={`/u/${profile.data.username}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              /u/{profile.data.username}
            </Link>
            .
          </p>
        )}
      </div>
      {returned && <Alert tone="info">{returned}</Alert>}
      <div className="grid gap-6 md:grid-cols-[11rem_1fr] md:items-start">
        <nav aria-label="Settings sections" className="md:sticky md:top-6">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="inline-flex rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {profile.isPending ? (
          <div role="status" aria-label="Loading your settings…" className="flex flex-col gap-6">
            <Skeleton className="h-80 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : profile.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">We couldn't load your profile. {errorMessage(profile.error)}</Alert>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <SettingsSections profile={profile.data} />
        )}
      </div>
    </div>
  );
}

function SettingsSections({ profile }: { profile: MyProfile }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const onSaveProfile = async (values: ProfileValues) => {
    await saveProfile(profile.id, values);
    // The header, this page and the public profile all read under the profile root.
    await queryClient.invalidateQueries({ queryKey: queryRoots.profile });
    toast.success("Profile saved");
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <SettingsSection id="profile" title="Profile" description="What other members see on your profile and your events.">
        <ProfileForm profile={profile} onSave={onSaveProfile} />
      </SettingsSection>
      <SettingsSection id="photo" title="Photo">
        <AvatarSection profile={profile} />
      </SettingsSection>
      <SettingsSection id="email" title="Email address">
        <EmailForm current={user?.email ?? ""} pending={user?.new_email} />
      </SettingsSection>
      <SettingsSection id="password" title="Password">
        <PasswordForm />
      </SettingsSection>
      <SettingsSection id="notifications" title="Notifications" description="Which emails we send you.">
        <NotificationPreferencesForm userId={profile.id} />
      </SettingsSection>
      <SettingsSection id="cookies" title="Cookies" description="Saved in this browser. You can also change them from the footer.">
        <CookiePreferences />
      </SettingsSection>
      <SettingsSection id="delete-account" title="Delete account">
        <DeleteAccountSection userId={profile.id} username={profile.username} />
      </SettingsSection>
    </div>
  );
}
