import { useLingui } from "@lingui/react/macro";
import { NavLink } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { useMyProfile } from "@/lib/profile/my-profile";
import { headerLinkClass } from "./header-link-class";

/**
 * A signed-in member's links: their events, and their avatar leading to settings. Their name
 * shows beside the avatar in the phone's menu; in the wide header's row the avatar stands alone
 * (its name is the tooltip), which keeps the row on one line in every language (decision 0321).
 */
export function AccountLinks() {
  const { t } = useLingui();
  // Refreshed on USER_UPDATED (AuthProvider) and after saving in /settings (profile root).
  const { data: profile } = useMyProfile();
  return (
    <>
      <li>
        <NavLink to="/me" className={headerLinkClass}>
          {t`My events`}
        </NavLink>
      </li>
      <li>
        <NavLink
          to="/settings"
          className={(s) => `${headerLinkClass(s)} lg:px-2`}
          title={profile?.display_name}
          data-testid="account-link"
        >
          {profile ? (
            <Avatar person={profile} className="size-7 text-xs" px={28} loading="eager" />
          ) : (
            <span aria-hidden="true" className="size-7 shrink-0 rounded-full bg-muted" />
          )}
          <span className="min-w-0 truncate lg:hidden">{profile?.display_name}</span>
          <span className="sr-only">
            {t`Settings`}
          </span>
        </NavLink>
      </li>
    </>
  );
}
