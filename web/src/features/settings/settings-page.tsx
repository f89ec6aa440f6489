import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PushSettings } from "@/features/push";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { useMyProfile, type MyProfile } from "@/lib/profile/my-profile";
import { queryRoots } from "@/lib/query-keys";
import { usePageTitle } from "@/lib/use-page-title";
import { saveProfile } from "./api/profile-writes";
import { AvatarSection } from "./components/avatar-section";
import { CalendarSubscriptionSection } from "./components/calendar-subscription-section";
import { ConnectedAccounts } from "./components/connected-accounts";
import { CookiePreferences } from "./components/cookie-preferences";
import { DeleteAccountSection } from "./components/delete-account-section";
import { EmailForm } from "./components/email-form";
import { LanguageForm } from "./components/language-form";
import { passkeysEnabledQuery, phoneEnabledQuery } from "@/lib/auth/auth-server-settings";
import { PasskeysSection } from "./components/passkeys";
import { BellPreferencesForm } from "./components/bell-preferences-form";
import { NotificationPreferencesForm } from "./components/notification-preferences-form";
import { PasswordForm } from "./components/password-form";
import { ProfileForm } from "./components/profile-form";
import { SettingsSection } from "./components/settings-section";
import { TwoFactorSection } from "./components/two-factor";
import type { ProfileValues } from "./settings-schemas";

// Its own chunk with the country picker's number rules (decision 0153): only servers that send
// texts show the section.
const PhoneNumberSection = lazy(() => import("./components/phone").then((m) => ({ default: m.PhoneNumberSection })));

const SECTIONS: { id: string; label: MessageDescriptor }[] = [
  { id: "profile", label: msg`Profile` },
  { id: "photo", label: msg`Photo` },
  { id: "language", label: msg`Language` },
  { id: "email", label: msg`Email` },
  { id: "password", label: msg`Password` },
  { id: "connected-accounts", label: msg`Connected accounts` },
  { id: "two-factor", label: msg`Two-factor` },
  { id: "passkeys", label: msg`Passkeys` },
  { id: "phone", label: msg`Phone` },
  { id: "notifications", label: msg`Notifications` },
  { id: "calendar", label: msg`Calendar` },
  { id: "cookies", label: msg`Cookies` },
  { id: "delete-account", label: msg`Delete account` },
];

export function SettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Settings`);
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

/** Why linking a provider failed, when it comes back here with GoTrue's error redirect. */
function linkProblem(): string | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  return new URLSearchParams(window.location.search).get("error_description") ?? hash.get("error_description");
}

function Settings() {
  const { t } = useLingui();
  const profile = useMyProfile();
  const [returned] = useState(linkMessage);
  const [problem] = useState(linkProblem);
  const username = profile.data?.username;
  // Passkeys and phone numbers have a section (and a menu entry) only when the server takes them.
  const passkeysEnabled = useQuery(passkeysEnabledQuery()).data === true;
  const phoneEnabled = useQuery(phoneEnabledQuery()).data === true;
  const hidden = new Set([...(passkeysEnabled ? [] : ["passkeys"]), ...(phoneEnabled ? [] : ["phone"])]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Settings</Trans>
        </h1>
        {profile.data && (
          <p className="text-muted-foreground">
            <Trans>
              Your public profile is at{" "}
              <Link to={`/u/${username}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                /u/{username}
              </Link>
              .
            </Trans>
          </p>
        )}
      </div>
      {returned && <Alert tone="info">{returned}</Alert>}
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="grid gap-6 md:grid-cols-[11rem_1fr] md:items-start">
        <nav aria-label={t`Settings sections`} className="md:sticky md:top-6">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.filter((s) => !hidden.has(s.id)).map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="inline-flex rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground">
                  {t(s.label)}
                </a>
              </li>
            ))}
            {/* Its own page (Stripe's onboarding comes back to it: decision 0284). */}
            <li>
              <Link to="/settings/payments" className="inline-flex rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground">
                {t`Payments`}
              </Link>
            </li>
          </ul>
        </nav>
        {profile.isPending ? (
          <div role="status" aria-label={t`Loading your settings…`} className="flex flex-col gap-6">
            <Skeleton className="h-80 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : profile.isError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">
              {t`We couldn't load your profile.`} {errorMessage(profile.error)}
            </Alert>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <SettingsSections profile={profile.data} passkeysEnabled={passkeysEnabled} phoneEnabled={phoneEnabled} />
        )}
      </div>
    </div>
  );
}

function SettingsSections({ profile, passkeysEnabled, phoneEnabled }: { profile: MyProfile; passkeysEnabled: boolean; phoneEnabled: boolean }) {
  const { t } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const onSaveProfile = async (values: ProfileValues) => {
    await saveProfile(profile.id, values);
    // The header, this page and the public profile all read under the profile root.
    await queryClient.invalidateQueries({ queryKey: queryRoots.profile });
    toast.success(t`Profile saved`);
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <SettingsSection id="profile" title={t`Profile`} description={t`What other members see on your profile and your events.`}>
        <ProfileForm profile={profile} onSave={onSaveProfile} />
      </SettingsSection>
      <SettingsSection id="photo" title={t`Photo`}>
        <AvatarSection profile={profile} />
      </SettingsSection>
      <SettingsSection id="language" title={t`Language`} description={t`Gather, its emails and calendar files speak to you in this language.`}>
        <LanguageForm profile={profile} />
      </SettingsSection>
      <SettingsSection id="email" title={t`Email address`}>
        <EmailForm current={user?.email ?? ""} pending={user?.new_email} />
      </SettingsSection>
      <SettingsSection id="password" title={t`Password`}>
        <PasswordForm />
      </SettingsSection>
      <SettingsSection id="connected-accounts" title={t`Connected accounts`} description={t`The ways you can sign in to Gather.`}>
        <ConnectedAccounts userId={profile.id} />
      </SettingsSection>
      <SettingsSection id="two-factor" title={t`Two-factor authentication`}>
        <TwoFactorSection userId={profile.id} />
      </SettingsSection>
      {passkeysEnabled && (
        <SettingsSection id="passkeys" title={t`Passkeys`} description={t`Sign in without a password, with this device's screen lock or your phone.`}>
          <PasskeysSection userId={profile.id} />
        </SettingsSection>
      )}
      {phoneEnabled && (
        <SettingsSection id="phone" title={t`Phone number`} description={t`To sign in with a code by text message.`}>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <PhoneNumberSection />
          </Suspense>
        </SettingsSection>
      )}
      <SettingsSection id="notifications" title={t`Notifications`} description={t`What the bell shows, and which emails and push notifications we send you.`}>
        <div className="flex flex-col gap-6">
          <NotificationPreferencesForm userId={profile.id} />
          <BellPreferencesForm userId={profile.id} />
          <PushSettings userId={profile.id} />
        </div>
      </SettingsSection>
      <SettingsSection
        id="calendar"
        title={t`Calendar subscription`}
        description={t`Your Gather events in your own calendar app, kept up to date: what you're going to, waitlisted for or hosting, and your groups' events.`}
      >
        <CalendarSubscriptionSection userId={profile.id} />
      </SettingsSection>
      <SettingsSection id="cookies" title={t`Cookies`} description={t`Saved in this browser. You can also change them from the footer.`}>
        <CookiePreferences />
      </SettingsSection>
      <SettingsSection id="delete-account" title={t`Delete account`}>
        <DeleteAccountSection userId={profile.id} username={profile.username} />
      </SettingsSection>
    </div>
  );
}
