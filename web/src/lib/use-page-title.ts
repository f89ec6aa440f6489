import { useLingui } from "@lingui/react/macro";
import { useLayoutEffect } from "react";

/** Sets the tab title to "<title> · Gather" (in the page's language), or just "Gather" without a title. */
export function usePageTitle(title?: string): void {
  const { t } = useLingui();
  const full = title ? t({ message: `${title} · Gather`, comment: "A browser tab's title: the page's, then the site's" }) : t`Gather`;
  // A layout effect, so the tab title changes in the same commit as the page it names: a plain
  // effect runs after paint, and a heading could be read (by a screen reader or a test) beside the
  // previous page's title.
  useLayoutEffect(() => {
    document.title = full;
  }, [full]);
}
