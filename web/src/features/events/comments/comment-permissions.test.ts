import type { User } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { canModerate } from "./comment-permissions";

const event = {
  host_id: "host",
  event_hosts: [
    { user_id: "host", role: "host" as const, profile: null },
    { user_id: "co", role: "cohost" as const, profile: null },
    { user_id: "checker", role: "checker" as const, profile: null },
  ],
};
const user = (id: string, role?: string) => ({ id, app_metadata: role ? { role } : {}, user_metadata: {} }) as unknown as User;

describe("canModerate", () => {
  it("lets the host, co-hosts and site admins hide comments, and nobody else", () => {
    expect(canModerate(event, user("host"))).toBe(true);
    expect(canModerate(event, user("co"))).toBe(true);
    expect(canModerate(event, user("someone", "admin"))).toBe(true);
    expect(canModerate(event, user("checker"))).toBe(false);
    expect(canModerate(event, user("someone"))).toBe(false);
    expect(canModerate(event, null)).toBe(false);
  });
});
