import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { signInPathFor } from "./safe-next";
import { useSession } from "./session-context";

/**
 * Wraps a protected page: signed-out visitors go to sign-in and come back here after; so do
 * members whose account has a second factor they have not given yet in this session (they are
 * "signed-out" until then, and sign-in asks for the code).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <PageSpinner />;
  if (status === "signed-out") {
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}
