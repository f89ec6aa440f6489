import { PageState } from "@/components/page-states";
import { usePageTitle } from "@/lib/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page not found");

  return (
    <PageState
      eyebrow="404"
      title="Page not found"
      message="We couldn't find that page. The link may be broken, or the page may have moved."
    />
  );
}
