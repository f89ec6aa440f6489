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

/** "Sign in" when signed out; who you are and "Sign out" when signed in. */
export function AccountNav() {
  const { t } = useLingui();
  const { status, user } = useSession();

  if (status === "signed-in" && user) {
    const signOut = async () => {
      // The SIGNED_OUT event toasts and clears the cache (AuthProvider).
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.signOut();
      if (error) toast.error(errorMessage(error));
    };
    return (
      <>
        <AdminNavLink />
        <BellNavItem userId={user.id} />
        <AccountLinks />
        <li className="ms-1">
          <Button variant="outline" size="sm" onClick={signOut}>
            <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
            {t`Sign out`}
          </Button>
        </li>
      </>
    );
  }

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
