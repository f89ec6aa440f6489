import { Trans, useLingui } from "@lingui/react/macro";
import { Wallet } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { walletPassUrl } from "../api/order-api";

/**
 * "Apple Wallet" downloads the ticket's .pkpass; "Google Wallet" opens Google's save page (the
 * wallet-pass function, decision 0285). Each asks first, so a site whose operator has not set
 * wallets up says so here instead of showing a bare error page.
 */
export function WalletButtons({ code, position }: { code: string; position: number }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const open = async (kind: "apple" | "google") => {
    const url = walletPassUrl(code, kind);
    setBusy(true);
    try {
      const res = await fetch(url, { redirect: "manual" });
      if (res.status === 501) {
        toast.error(kind === "apple" ? t`Apple Wallet passes are not set up on this site.` : t`Google Wallet is not set up on this site.`);
      } else if (kind === "google" && (res.type === "opaqueredirect" || res.ok)) {
        window.location.assign(url);
      } else if (res.ok) {
        const file = URL.createObjectURL(await res.blob());
        const link = document.createElement("a");
        link.href = file;
        link.download = `ticket-${position}.pkpass`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(file), 1000);
      } else {
        toast.error(t`Couldn't make the wallet pass. Try again later.`);
      }
    } catch {
      toast.error(t`You seem to be offline. Check your connection and try again.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void open("apple")} aria-label={t`Add ticket ${position} to Apple Wallet`}>
        <Wallet aria-hidden="true" />
        <Trans>Apple Wallet</Trans>
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void open("google")} aria-label={t`Add ticket ${position} to Google Wallet`}>
        <Wallet aria-hidden="true" />
        <Trans>Google Wallet</Trans>
      </Button>
    </div>
  );
}
