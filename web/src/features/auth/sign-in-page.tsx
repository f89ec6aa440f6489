import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { safeNext } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { AuthLayout } from "./components/auth-layout";
import { MagicLinkForm } from "./components/magic-link-form";
import { PasskeySignInButton } from "./components/passkey-sign-in";
import { PhoneSignInForm } from "./components/phone-sign-in";
import { phoneEnabledQuery } from "@/lib/auth/auth-server-settings";
import { PasswordSignInForm } from "./components/password-sign-in-form";
import { ProviderButtons } from "./components/provider-buttons";
import { SecondFactorStep } from "./components/second-factor";

export function SignInPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const { status, halfSession } = useSession();
  const [method, setMethod] = useState<"password" | "link" | "phone">("password");
  const phoneEnabled = useQuery(phoneEnabledQuery()).data === true;

  // The first factor is done but the account has a second one: ask for its code (decisions
  // 0147, 0264). Until then nobody is shown signed in.
  if (halfSession) {
    return (
      <AuthLayout title={t`Two-factor authentication`} intro={t`One more step: confirm it's you with your second factor.`}>
        <SecondFactorStep />
      </AuthLayout>
    );
  }
  // Signed in (just now, or already): go back where the visitor came from.
  if (status === "signed-in") return <Navigate to={next} replace />;

  return (
    <AuthLayout title={t`Sign in`} intro={t`Welcome back. Sign in to RSVP, comment and host events.`}>
      <ProviderButtons next={next} />
      <PasskeySignInButton />
      {method === "password" ? <PasswordSignInForm /> : method === "phone" ? <PhoneSignInForm /> : <MagicLinkForm next={next} />}
      <Button variant="link" className="self-start px-0" onClick={() => setMethod(method === "password" ? "link" : "password")}>
        {method === "password" ? <Trans>Email me a sign-in link instead</Trans> : <Trans>Sign in with a password instead</Trans>}
      </Button>
      {phoneEnabled && method !== "phone" && (
        <Button variant="link" className="-mt-2 self-start px-0" onClick={() => setMethod("phone")}>
          <Trans>Use a phone number instead</Trans>
        </Button>
      )}
      <p className="text-sm text-muted-foreground">
        <Trans>
          New here?{" "}
          <Link to={`/auth/sign-up${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Create an account
          </Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}
