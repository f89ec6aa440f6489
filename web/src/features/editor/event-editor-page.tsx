import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { EventNotFoundState, LoadError, PageState } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { usePageTitle } from "@/lib/use-page-title";
import { editableEventOptions } from "./api/get-editable-event";
import { EventEditor } from "./components/event-editor";

/** `/events/new` and `/events/:slug/edit`: signed-in members only, and for edits its hosts. */
export function EventEditorPage() {
  return (
    <RequireAuth>
      <EditorRoute />
    </RequireAuth>
  );
}

function EditorRoute() {
  const { t } = useLingui();
  const { slug } = useParams();
  // /events/new?copy=<slug>: the host dashboard's "Duplicate" starts from that event.
  const [params] = useSearchParams();
  const copy = slug ? null : params.get("copy");
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const source = slug ?? copy ?? "";
  const query = useQuery({ ...editableEventOptions(source, user?.id ?? "", isAdmin), enabled: Boolean(source && user) });
  const load = query.data;
  const editing = load?.kind === "editable" ? load.event.title : null;
  usePageTitle(!slug ? t`Create an event` : editing !== null ? t`Edit: ${editing}` : t`Edit event`);

  // The same element in the same place for both routes: turning /events/new into
  // /events/:slug/edit after the first save keeps the editor (and its uploads) mounted.
  if (!slug && !copy) return <EventEditor initial={null} />;
  if (!slug) {
    if (query.isPending) return <EditorSkeleton />;
    // Only an event one may edit is copied; otherwise a blank new event.
    return <EventEditor initial={null} copyOf={load?.kind === "editable" ? load.event : null} />;
  }
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    return <LoadError title={t`Couldn't load this event.`} error={query.error} onRetry={() => void query.refetch()} className="mx-auto max-w-3xl" />;
  }
  if (load?.kind === "missing") return <EventNotFoundState />;
  if (load?.kind !== "editable") return <NotEditable slug={slug} />;
  return <EventEditor initial={load.event} />;
}

function NotEditable({ slug }: { slug: string }) {
  const { t } = useLingui();
  return (
    <PageState
      title={t`Only the event's hosts can do that.`}
      message={t`Hosts and co-hosts can edit an event. Ask its host to add you as a co-host.`}
      back={
        <Button asChild>
          <Link to={`/events/${slug}`}>
            <Trans>Back to the event</Trans>
          </Link>
        </Button>
      }
    />
  );
}

function EditorSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" aria-busy="true">
      <span role="status" className="sr-only">
        <Trans>Loading the event…</Trans>
      </span>
      <Skeleton className="h-9 w-48" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-56 w-full rounded-xl" />
      ))}
    </div>
  );
}
