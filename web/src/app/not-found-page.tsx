import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { usePageTitle } from "@/lib/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page not found");

  return (
    <div className="mx-auto flex max-w-md flex-col items-start gap-4 py-8">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        We couldn't find that page. The link may be broken, or the page may have moved.
      </p>
      <Button asChild>
        <Link to="/">Back to Discover</Link>
      </Button>
    </div>
  );
}
