import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Discover's three ways to look at the same results; `?view=` in the URL, list by default. */
export type DiscoverView = "list" | "map" | "calendar";

export const VIEWS: readonly { value: DiscoverView; label: MessageDescriptor }[] = [
  { value: "list", label: msg`List` },
  { value: "map", label: msg`Map` },
  { value: "calendar", label: msg`Calendar` },
];

export function viewFromParams(params: URLSearchParams): DiscoverView {
  const view = params.get("view");
  return VIEWS.some((v) => v.value === view) ? (view as DiscoverView) : "list";
}

/** The URL's params for `view`, keeping the filters. The calendar's month and the map's area belong to them. */
export function viewToParams(view: DiscoverView, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  if (view === "list") params.delete("view");
  else params.set("view", view);
  if (view !== "calendar") params.delete("month");
  if (view !== "map") params.delete("area");
  return params;
}
