import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { EventNotFoundState, LoadError, NOT_HOST_TEXT, PageState } from "@/components/page-states";
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
  const { slug } = useParams();
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const query = useQuery({ ...editableEventOptions(slug ?? "", user?.id ?? "", isAdmin), enabled: Boolean(slug && user) });
  const load = query.data;
  usePageTitle(!slug ? "Create an event" : load?.kind === "editable" ? `Edit: ${load.event.title}` : "Edit event");

  // The same element in the same place for both routes: turning /events/new into
  // /events/:slug/edit after the first save keeps the editor (and its uploads) mounted.
  if (!slug) return <EventEditor initial={null} />;
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    return <LoadError what="this event" error={query.error} onRetry={() => void query.refetch()} className="mx-auto max-w-3xl" />;
  }
  if (load?.kind === "missing") return <EventNotFoundState />;
  if (load?.kind !== "editable") return <NotEditable slug={slug} />;
  return <EventEditor initial={load.event} />;
}

function NotEditable({ slug }: { slug: string }) {
  return (
    <PageState
      title={NOT_HOST_TEXT}
      message="Hosts and co-hosts can edit an event. Ask its host to add you as a co-host."
      back={
        <Button asChild>
          <Link to={`/events/${slug}`}>Back to the event</Link>
        </Button>
      }
    />
  );
}

function EditorSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" aria-busy="true">
      <span role="status" className="sr-only">
        Loading the event…
      </span>
      <Skeleton className="h-9 w-48" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-56 w-full rounded-xl" />
      ))}
    </div>
  );
}
