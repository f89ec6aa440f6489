import { useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import { NavLink } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { loadSupabase } from "@/lib/load-supabase";
import { AdminNavLink } from "@/features/admin/admin-nav-link";
import { BellNavItem } from "@/features/notifications/bell-nav-item";
import { AccountLinks } from "./account-links";
import { headerLinkClass } from "./header-link-class";

/** A signed-in member's part of the header's list (the phone's menu): their pages and "Sign out". */
export function AccountMenuItems() {
  const { t } = useLingui();
  const { status, user } = useSession();
  if (status !== "signed-in" || !user) return null;

  const signOut = async () => {
    // The SIGNED_OUT event toasts and clears the cache (AuthProvider).
    const supabase = await loadSupabase();
    // This browser stops getting the member's push notifications (decision 0338).
    await import("@/features/push/forget-device").then((m) => m.forgetThisDevice(), () => undefined);
    const { error } = await supabase.auth.signOut();
    if (error) toast.error(errorMessage(error));
  };
  return (
    <>
      <AdminNavLink className={headerLinkClass} />
      <AccountLinks />
      <li className="mt-1 lg:ms-1 lg:mt-0">
        <Button variant="outline" size="sm" className="h-11 w-full lg:h-9 lg:w-auto" onClick={signOut}>
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
          {t`Sign out`}
        </Button>
      </li>
    </>
  );
}

/** What stays in the header's row at every width: the bell when signed in, "Sign in" when not. */
export function AccountQuickItem() {
  const { t } = useLingui();
  const { status, user } = useSession();
  if (status === "signed-in" && user) return <BellNavItem userId={user.id} />;
  return (
    <li className="ms-1">
      <Button
        asChild
        variant="outline"
        size="sm"
        className="aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground"
      >
        <NavLink to="/auth/sign-in">
          {t`Sign in`}
        </NavLink>
      </Button>
    </li>
  );
}
