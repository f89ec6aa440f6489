import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";

/** Sets the tab title to "<title> · Gather" (in the page's language), or just "Gather" without a title. */
export function usePageTitle(title?: string): void {
  const { t } = useLingui();
  const full = title ? t({ message: `${title} · Gather`, comment: "A browser tab's title: the page's, then the site's" }) : t`Gather`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
