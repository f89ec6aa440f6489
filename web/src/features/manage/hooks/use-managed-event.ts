import { useQuery } from "@tanstack/react-query";
import { eventTeamRole } from "@/lib/auth/event-team";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { useSession } from "@/lib/auth/session-context";
import { managedEventOptions } from "../api/get-managed-event";

/** The event behind /events/:slug/manage and /check-in, and the viewer's role on its team. */
export function useManagedEvent(slug: string) {
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const query = useQuery(managedEventOptions(slug));
  const event = query.data ?? null;
  const role = event ? eventTeamRole(event, user?.id, isAdmin) : null;
  return { query, event, role };
}
