import { useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" ? error.data : "";
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(": ");
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RouteErrorPage() {
  const { t } = useLingui();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? t`Page not found` : t`Something went wrong`;
  usePageTitle(heading);

  return (
    <div className="mx-auto flex max-w-md flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? t`We couldn't find what you were looking for.`
          : t`Sorry, this page ran into a problem. Reloading often fixes it. If it keeps happening, try again later.`}
      </p>
      <details className="w-full rounded-md border border-border bg-muted p-3 text-sm">
        <summary className="cursor-pointer font-medium">
          {t`Error details`}
        </summary>
        <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs">
          {describeError(error)}
        </pre>
      </details>
      {/* A full page load, not client-side navigation: it also recovers from a stale build
          whose route chunks are gone after a deploy. */}
      <Button asChild>
        <Link to="/" reloadDocument>
          {t`Go home`}
        </Link>
      </Button>
    </div>
  );
}
