import { RequireAuth } from "@/lib/auth/require-auth";
import { usePageTitle } from "@/lib/use-page-title";

/** Placeholder for the editor (a later slice of issue 9); already behind sign-in. */
export function NewEventPage() {
  usePageTitle("Create an event");
  return (
    <RequireAuth>
      <div className="mx-auto flex max-w-md flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Create an event</h1>
        <p className="text-muted-foreground">The event editor is coming soon.</p>
      </div>
    </RequireAuth>
  );
}
