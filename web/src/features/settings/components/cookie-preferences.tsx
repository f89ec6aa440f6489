import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ConsentChoicesFields } from "@/components/consent";
import { Button } from "@/components/ui/button";
import { isAnalyticsConfigured } from "@/lib/analytics";
import { setConsent, useConsent, type ConsentChoices } from "@/lib/consent";

/** The same choices as the cookie banner, kept on this device (localStorage). */
export function CookiePreferences() {
  const { t } = useLingui();
  const consent = useConsent();
  const [draft, setDraft] = useState<ConsentChoices>({ analytics: consent.analytics, media: consent.media });
  // Follow a change made elsewhere (the banner, another tab).
  useEffect(() => setDraft({ analytics: consent.analytics, media: consent.media }), [consent.analytics, consent.media]);
  const changed = !consent.decided || draft.analytics !== consent.analytics || draft.media !== consent.media;

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setConsent(draft);
        toast.success(t`Cookie preferences saved`);
      }}
    >
      <ConsentChoicesFields value={draft} onChange={setDraft} showAnalytics={isAnalyticsConfigured()} />
      <div>
        <Button type="submit" disabled={!changed}>
          <Trans>Save cookie preferences</Trans>
        </Button>
      </div>
    </form>
  );
}
