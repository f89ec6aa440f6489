import { useEffect, useRef } from "react";
import { isLocale, switchLocale } from "@/lib/i18n";
import { useMyProfile } from "@/lib/profile/my-profile";

/**
 * A signed-in member's profile language wins over this device's (it is what their emails use).
 * Applied when it loads or changes, not on every render: a choice that failed to save stays.
 */
export function ProfileLocale() {
  const { data: profile } = useMyProfile();
  const seen = useRef<string | null | undefined>(undefined);
  const locale = profile?.locale;
  useEffect(() => {
    if (locale === seen.current) return;
    seen.current = locale;
    if (isLocale(locale)) void switchLocale(locale);
  }, [locale]);
  return null;
}
