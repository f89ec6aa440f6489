import { Button } from "@/components/ui/button";

export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Button type="submit" disabled={busy} aria-disabled={busy}>
      {busy ? "Please wait…" : children}
    </Button>
  );
}
