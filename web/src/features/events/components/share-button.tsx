import { Trans, useLingui } from "@lingui/react/macro";
import { Link2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Copies the page's link; the toast is the confirmation (and is announced). */
export function ShareButton({ url }: { url: string }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Link copied`);
    } catch {
      toast.error(t`Couldn't copy the link. Copy it from the address bar instead.`);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      <Link2 aria-hidden="true" />
      <Trans>Copy link</Trans>
    </Button>
  );
}
