import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { EyeOff } from "lucide-react";
import { EventNotFoundState, PageState } from "@/components/page-states";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/auth/session-context";
import { formatEventRange } from "@/lib/datetime";
import { supabase } from "@/lib/supabase";
import { usePageTitle } from "@/lib/use-page-title";

type UnavailableEvent = { slug: string; title: string; starts_at: string; ends_at: string; timezone: string };
type UnavailableGroup = { slug: string; name: string };

/**
 * What a signed-in member who had a stake in a hidden event (an RSVP or a ticket) or a withheld
 * group (a membership) gets instead of "not found" (decision 0310): that it is unavailable. The
 * database answers null for everyone else, and refuses anonymous callers, so they are not asked.
 */
function useUnavailable<T>(kind: "event" | "group", slug: string) {
  const { user, status } = useSession();
  const userId = user?.id;
  const query = useQuery({
    queryKey: ["unavailable", kind, slug, userId],
    enabled: Boolean(userId),
    queryFn: async () => {
      const { data, error } =
        kind === "event"
          ? await supabase.rpc("unavailable_event", { event_slug: slug })
          : await supabase.rpc("unavailable_group", { group_slug: slug });
      if (error) throw error;
      return (data ?? null) as T | null;
    },
  });
  // A failed look-up falls back to "not found": it only ever adds words for the few who had a stake.
  const loading = status === "loading" || (Boolean(userId) && query.isPending);
  return { loading, item: query.data ?? null };
}

/**
 * The tab says what the page says (issue 32): "Unavailable: <name> · Gather", not the page's
 * "not found". Mounted with the answer, after the page's own title, so it has the last word.
 */
function UnavailableTitle({ name }: { name: string }) {
  const { t } = useLingui();
  usePageTitle(t({ message: `Unavailable: ${name}`, comment: "A browser tab's title: an event or group the moderators have hidden" }));
  return null;
}

const eyebrow = (label: string) => (
  <>
    <EyeOff aria-hidden="true" className="size-4" />
    {label}
  </>
);

/** An event page the viewer cannot see: "unavailable" for its guests, "not found" otherwise. */
export function EventUnavailableOrNotFound({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { loading, item } = useUnavailable<UnavailableEvent>("event", slug);
  if (loading) return <Spinner label={t`Loading…`} />;
  if (!item) return <EventNotFoundState />;
  const when = formatEventRange(item.starts_at, item.ends_at, item.timezone);
  return (
    <>
      <UnavailableTitle name={item.title} />
      <PageState
        eyebrow={eyebrow(t({ message: "Unavailable", comment: "An event or group the moderators have hidden" }))}
        title={item.title}
        message={t`This event (${when}) is unavailable: the site's moderators have hidden it for now. Its hosts have been told why.`}
      />
    </>
  );
}

/** A group page the viewer cannot see: "unavailable" for its members, "not found" otherwise. */
export function GroupUnavailableOrNotFound({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { loading, item } = useUnavailable<UnavailableGroup>("group", slug);
  if (loading) return <Spinner label={t`Loading…`} />;
  if (!item) return <PageState title={t`Group not found`} message={t`This group does not exist or is not visible to you.`} />;
  return (
    <>
      <UnavailableTitle name={item.name} />
      <PageState
        eyebrow={eyebrow(t({ message: "Unavailable", comment: "An event or group the moderators have hidden" }))}
        title={item.name}
        message={t`This group is unavailable: the site's moderators have hidden it for now. Its organizers have been told why.`}
      />
    </>
  );
}
