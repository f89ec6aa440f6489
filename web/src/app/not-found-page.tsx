import { useLingui } from "@lingui/react/macro";
import { PageState } from "@/components/page-states";
import { usePageTitle } from "@/lib/use-page-title";

export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);

  return (
    <PageState
      eyebrow="404"
      title={t`Page not found`}
      message={t`We couldn't find that page. The link may be broken, or the page may have moved.`}
    />
  );
}
