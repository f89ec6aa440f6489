import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { cancelCheckout } from "../api/checkout-api";

/**
 * Stripe's "back" link returns to /events/<slug>?checkout=cancelled&order=<id> (decision 0280):
 * the hold is given up at once (cancel_checkout; a refusal means the order is no longer
 * pending, which is what was wanted), the address loses its parameters, and the page says so.
 */
export function useCancelledReturn(signedIn: boolean): { cancelled: boolean; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const [cancelled, setCancelled] = useState(false);
  const orderId = params.get("checkout") === "cancelled" ? params.get("order") : null;

  useEffect(() => {
    if (!orderId || !signedIn) return;
    setCancelled(true);
    void cancelCheckout(orderId).catch(() => undefined);
    setParams(
      (p) => {
        p.delete("checkout");
        p.delete("order");
        return p;
      },
      { replace: true },
    );
  }, [orderId, signedIn, setParams]);

  return { cancelled, dismiss: () => setCancelled(false) };
}
