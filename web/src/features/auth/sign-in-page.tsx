import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { safeNext } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { AuthLayout } from "./components/auth-layout";
import { MagicLinkForm } from "./components/magic-link-form";
import { PasswordSignInForm } from "./components/password-sign-in-form";

export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const { status } = useSession();
  const [method, setMethod] = useState<"password" | "link">("password");

  // Signed in (just now, or already): go back where the visitor came from.
  if (status === "signed-in") return <Navigate to={next} replace />;

  return (
    <AuthLayout title="Sign in" intro="Welcome back. Sign in to RSVP, comment and host events.">
      {method === "password" ? <PasswordSignInForm /> : <MagicLinkForm next={next} />}
      <Button variant="link" className="self-start px-0" onClick={() => setMethod(method === "password" ? "link" : "password")}>
        {method === "password" ? "Email me a sign-in link instead" : "Sign in with a password instead"}
      </Button>
      <p className="text-sm text-muted-foreground">
        New here?{" "}
        <Link to={`/auth/sign-up${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
