import { Trans } from "@lingui/react/macro";
import { Shield } from "lucide-react";
import { NavLink } from "react-router";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { cn } from "@/lib/utils";

/** "Admin" in the header, for site admins only. */
export function AdminNavLink() {
  if (!useIsAdmin()) return null;
  return (
    <li>
      <NavLink
        to="/admin"
        className={({ isActive }) =>
          cn(
            "inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors",
            isActive ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:bg-accent hover:text-foreground",
          )
        }
      >
        <Shield aria-hidden="true" className="size-4" />
        <Trans>Admin</Trans>
      </NavLink>
    </li>
  );
}
