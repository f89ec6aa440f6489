import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { isAnalyticsConfigured } from "@/lib/analytics";
import { closeConsentPanel, setConsent, useConsent, useConsentPanel, type ConsentChoices } from "@/lib/consent";
import { ConsentChoicesFields } from "./consent-choices";

/**
 * Asks once, without blocking the page: shown while no choice is made and a GTM container is
 * configured (otherwise there is nothing to ask before the visitor acts: a video asks when it
 * is played), and whenever the footer's "Cookie settings" opens it. See decision 0077.
 */
export function ConsentBanner() {
  const { t } = useLingui();
  const consent = useConsent();
  const reopened = useConsentPanel();
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoices>({ analytics: consent.analytics, media: consent.media });
  const heading = useRef<HTMLHeadingElement>(null);
  const analyticsOn = isAnalyticsConfigured();
  const visible = reopened || (analyticsOn && !consent.decided);

  // Opened on request: start from the saved choice and take focus there.
  useEffect(() => {
    if (!reopened) return;
    setDraft({ analytics: consent.analytics, media: consent.media });
    setChoosing(true);
    heading.current?.focus();
    // Only when it opens, not on every consent change: hence `consent` is left out.
  }, [reopened]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!visible) return null;

  const decide = (choices: ConsentChoices) => {
    setConsent(choices);
    setChoosing(false);
    closeConsentPanel();
  };
  const all = { analytics: analyticsOn, media: true };
  const none = { analytics: false, media: false };

  return (
    <section
      aria-labelledby="consent-title"
      onKeyDown={(e) => {
        if (e.key === "Escape" && reopened) closeConsentPanel();
      }}
      className="fixed inset-x-0 bottom-0 z-40 max-h-[80dvh] overflow-y-auto border-t border-border bg-background shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-4">
        <div className="flex flex-col gap-1">
          <h2 id="consent-title" ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
            {t`Cookies on Gather`}
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            {analyticsOn
              ? t`We'd like to count visits with Google Tag Manager, and to play event videos from YouTube and Vimeo, which set their own cookies. Nothing optional runs until you say so.`
              : t`Event videos from YouTube and Vimeo set their own cookies. Nothing optional runs until you say so.`}
          </p>
        </div>
        {choosing && <ConsentChoicesFields value={draft} onChange={setDraft} showAnalytics={analyticsOn} />}
        <div className="flex flex-wrap gap-2">
          {choosing ? (
            <Button onClick={() => decide(draft)}>
              {t`Save choices`}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setChoosing(true)}>
              {t`Settings`}
            </Button>
          )}
          <Button variant={choosing ? "outline" : "default"} onClick={() => decide(all)}>
            {t`Accept all`}
          </Button>
          <Button variant="outline" onClick={() => decide(none)}>
            {t`Reject all`}
          </Button>
        </div>
      </div>
    </section>
  );
}
