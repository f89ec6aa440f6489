import { queryRoots } from "@/lib/query-keys";

/**
 * Keys for public profiles, under the shared `profile` root next to the member's own
 * (`profileKeys.me`, lib/query-keys): saving one's profile invalidates `profileKeys.all`, which
 * refreshes the header, /settings and the public page together.
 */
export const profilePageKeys = {
  byUsername: (username: string) => [...queryRoots.profile, "public", username] as const,
  hostedEvents: (profileId: string) => [...queryRoots.profile, "hosted-events", profileId] as const,
  organizedGroups: (profileId: string) => [...queryRoots.profile, "organized-groups", profileId] as const,
};
