import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Languages } from "lucide-react";
import { useId } from "react";
import { toast } from "@/lib/toast";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import { isLocale, LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, switchLocale, type AppLocale } from "@/lib/i18n";
import { saveMyLocale } from "@/lib/profile/my-profile";
import { profileKeys } from "@/lib/query-keys";

/**
 * The footer's language menu, each language named in itself. A signed-in member's choice is
 * saved to their profile, so their emails and calendar files follow it too.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const id = useId();
  const locale = i18n.locale as AppLocale;

  const choose = async (next: AppLocale) => {
    try {
      await switchLocale(next);
      if (!user || !isLocale(next)) return;
      await saveMyLocale(user.id, next);
      void queryClient.invalidateQueries({ queryKey: profileKeys.me(user.id) });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex items-center gap-1.5">
      <Languages aria-hidden="true" className="size-4" />
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => void choose(e.target.value as AppLocale)}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
        {/* Only while the test locale is on (set in localStorage), so the menu shows it. */}
        {locale === PSEUDO_LOCALE && <option value={PSEUDO_LOCALE}>⟦Ƥšéééûûđöö⟧</option>}
      </select>
    </div>
  );
}
