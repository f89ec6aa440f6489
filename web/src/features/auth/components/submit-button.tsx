import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} aria-disabled={busy}>
      {busy ? <Trans>Please wait…</Trans> : children}
    </Button>
  );
}
