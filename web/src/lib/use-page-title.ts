import { useEffect } from "react";

export const APP_NAME = "Gather";

/** Sets the tab title to "<title> · Gather", or just "Gather" without a title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
