import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export type NavItem = { to: string; label: MessageDescriptor; end?: boolean };

export const primaryNav: NavItem[] = [
  { to: "/", label: msg`Discover`, end: true },
  { to: "/groups", label: msg`Groups` },
  { to: "/events/new", label: msg`Create event` },
];
