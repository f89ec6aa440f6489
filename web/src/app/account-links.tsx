import { useLingui } from "@lingui/react/macro";
import { NavLink } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { useMyProfile } from "@/lib/profile/my-profile";
import { cn } from "@/lib/utils";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex h-9 items-center gap-2 rounded-md px-2 text-sm font-medium transition-colors",
    isActive ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:bg-accent hover:text-foreground",
  );

/** A signed-in member's links: their events, and their avatar and name leading to settings. */
export function AccountLinks() {
  const { t } = useLingui();
  // Refreshed on USER_UPDATED (AuthProvider) and after saving in /settings (profile root).
  const { data: profile } = useMyProfile();
  return (
    <>
      <li>
        <NavLink to="/me" className={(s) => cn(linkClass(s), "px-3")}>
          {t`My events`}
        </NavLink>
      </li>
      <li>
        <NavLink to="/settings" className={linkClass} data-testid="account-link">
          {profile ? (
            <Avatar person={profile} className="size-7 text-xs" px={28} loading="eager" />
          ) : (
            <span aria-hidden="true" className="size-7 shrink-0 rounded-full bg-muted" />
          )}
          <span className="hidden max-w-40 truncate sm:inline">{profile?.display_name}</span>
          <span className="sr-only">
            {t`Settings`}
          </span>
        </NavLink>
      </li>
    </>
  );
}
