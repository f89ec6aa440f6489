import { useEffect, useRef } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { track } from "@/lib/analytics";
import { safeNext } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { AuthLayout } from "./components/auth-layout";

/** Where emailed links (confirm, magic link) land; supabase-js reads the session from the URL. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const { status } = useSession();
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const problem = params.get("error_description") ?? hash.get("error_description");
  // The magic-link form marks its links (via=magic_link); sign-up confirmations land here too.
  const viaMagicLink = params.get("via") === "magic_link";
  const tracked = useRef(false);
  useEffect(() => {
    if (status !== "signed-in" || !viaMagicLink || tracked.current) return;
    tracked.current = true;
    track({ event: "login", method: "magic_link" });
  }, [status, viaMagicLink]);

  if (status === "signed-in") return <Navigate to={safeNext(params.get("next"))} replace />;
  if (status === "loading" && !problem) return <PageSpinner />;
  return (
    <AuthLayout title="That link didn't work">
      <Alert tone="error">{problem ?? "This link has expired or was already used."}</Alert>
      <Link to="/auth/sign-in" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
