import { useLingui } from "@lingui/react/macro";
import { openConsentPanel } from "@/lib/consent";

/** The footer's way back to the cookie choices, for visitors who are not signed in too. */
export function CookieSettingsButton() {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={openConsentPanel}
      className="rounded-sm underline-offset-4 hover:text-foreground hover:underline"
    >
      {t`Cookie settings`}
    </button>
  );
}
