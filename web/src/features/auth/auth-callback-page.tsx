import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { track } from "@/lib/analytics";
import { safeNext, signInPathFor } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { AuthLayout } from "./components/auth-layout";

/** Auth's `error_description` in the product's words when it is one we know, else as it came. */
function linkProblem(description: string): string {
  return /expired|invalid/i.test(description) ? t`This link has expired or was already used.` : description;
}

/** Where emailed links (confirm, magic link) and providers land; supabase-js reads the session from the URL. */
export function AuthCallbackPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const { status, halfSession } = useSession();
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

  // An account with a second factor finishes signing in on the sign-in page's code step.
  if (halfSession) return <Navigate to={signInPathFor(safeNext(params.get("next")))} replace />;
  if (status === "signed-in") return <Navigate to={safeNext(params.get("next"))} replace />;
  if (status === "loading" && !problem) return <PageSpinner />;
  return (
    <AuthLayout title={t`That link didn't work`}>
      <Alert tone="error">{problem ? linkProblem(problem) : t`This link has expired or was already used.`}</Alert>
      <Link to="/auth/sign-in" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        <Trans>Back to sign in</Trans>
      </Link>
    </AuthLayout>
  );
}
