import { Trans, useLingui } from "@lingui/react/macro";
import type { Provider } from "@supabase/supabase-js";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { authProvidersQuery } from "@/lib/auth/auth-server-settings";
import { errorMessage } from "@/lib/errors";
import { supabase } from "@/lib/supabase";
import { redirectUrl } from "../auth-schemas";

/**
 * "Continue with …" for each provider the auth server reports as enabled; nothing at all when
 * none is (or the settings cannot be read: email sign-in still works). The provider sends the
 * browser back to /auth/callback, which finishes sign-in or asks for the second factor.
 */
export function ProviderButtons({ next }: { next: string }) {
  const { t } = useLingui();
  const providers = useQuery(authProvidersQuery());
  const [leaving, setLeaving] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!providers.data?.length) return null;

  const start = async (id: string) => {
    setFailure(null);
    setLeaving(id);
    const { error } = await supabase.auth.signInWithOAuth({
      // `custom:<name>` OpenID issuers are not in supabase-js's list of names, but the server takes them.
      provider: id as Provider,
      options: { redirectTo: redirectUrl(`/auth/callback?next=${encodeURIComponent(next)}`) },
    });
    if (error) {
      setLeaving(null);
      setFailure(errorMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {failure && <Alert tone="error">{failure}</Alert>}
      <ul className="flex flex-col gap-2" aria-label={t`Other ways to continue`}>
        {providers.data.map(({ id, label }) => (
          <li key={id}>
            <Button type="button" variant="outline" className="w-full" disabled={leaving !== null} onClick={() => void start(id)}>
              <Trans>Continue with {label}</Trans>
            </Button>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        <Trans>or</Trans>
        <span className="h-px flex-1 bg-border" />
      </p>
    </div>
  );
}
