import { Trans } from "@lingui/react/macro";
import { Shield } from "lucide-react";
import { NavLink } from "react-router";
import { useIsAdmin } from "@/lib/auth/is-admin";

/** "Admin" in the header, for site admins only, styled as the header's other links. */
export function AdminNavLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  if (!useIsAdmin()) return null;
  return (
    <li>
      <NavLink to="/admin" className={className}>
        <Shield aria-hidden="true" className="size-4" />
        <Trans>Admin</Trans>
      </NavLink>
    </li>
  );
}
