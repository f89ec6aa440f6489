import { Link2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Copies the page's link; the toast is the confirmation (and is announced). */
export function ShareButton({ url }: { url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      toast.error("Couldn't copy the link. Copy it from the address bar instead.");
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      <Link2 aria-hidden="true" />
      Copy link
    </Button>
  );
}
