// Query-key roots shared by every feature. Each feature builds its own key factory under one
// of these roots (e.g. features/discover/api/discover-keys.ts), so a realtime signal or a
// mutation in one feature can invalidate a whole family — `invalidateQueries({ queryKey:
// queryRoots.events })` — without importing another feature's internals.
export const queryRoots = {
  events: ["events"] as const,
  profile: ["profile"] as const,
  notifications: ["notifications"] as const,
  admin: ["admin"] as const,
  // Groups (features/groups): lists, one group, its members, events and announcements.
  groups: ["groups"] as const,
};

/** The signed-in user's own profile; refreshed on USER_UPDATED. */
export const profileKeys = {
  all: queryRoots.profile,
  me: (userId: string) => [...queryRoots.profile, "me", userId] as const,
};
