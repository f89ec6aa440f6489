export type NavItem = { to: string; label: string; end?: boolean };

export const primaryNav: NavItem[] = [
  { to: "/", label: "Discover", end: true },
  { to: "/events/new", label: "Create event" },
];
