import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { signInPathFor } from "./safe-next";
import { needsSecondFactor } from "./second-factor";
import { useSession } from "./session-context";

/**
 * Wraps a protected page: signed-out visitors go to sign-in and come back here after; so do
 * members whose account has a second factor they have not given yet in this session.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, session } = useSession();
  const location = useLocation();
  if (status === "loading") return <PageSpinner />;
  if (status === "signed-out" || needsSecondFactor(session)) {
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
