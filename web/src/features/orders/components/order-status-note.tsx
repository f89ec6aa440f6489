import { Trans } from "@lingui/react/macro";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { OrderDetails } from "../api/order-api";

/** What the order's state means for the buyer, in a sentence; live while the payment settles. */
export function OrderStatusNote({ order, now = new Date() }: { order: Pick<OrderDetails, "status" | "expires_at">; now?: Date }) {
  switch (order.status) {
    case "pending":
      if (order.expires_at && now > new Date(order.expires_at)) {
        return (
          <Alert>
            <Trans>This checkout has run out of time. If you paid, your tickets appear here as soon as Stripe confirms it.</Trans>
          </Alert>
        );
      }
      return (
        <Alert className="flex items-center gap-3">
          <Spinner className="shrink-0" />
          <span>
            <Trans>Waiting for Stripe to confirm your payment… This page updates by itself.</Trans>
          </span>
        </Alert>
      );
    case "processing":
      return (
        <Alert>
          <Trans>Your payment is on its way (a bank payment can take a few days). Your seats are kept; your tickets appear here once it arrives.</Trans>
        </Alert>
      );
    case "paid":
      return (
        <Alert tone="success">
          <Trans>Paid. Your tickets are below, and a receipt is in your inbox.</Trans>
        </Alert>
      );
    case "partially_refunded":
      return (
        <Alert tone="success">
          <Trans>Paid, and partly refunded. Your valid tickets are below.</Trans>
        </Alert>
      );
    case "refunded":
      return (
        <Alert>
          <Trans>This order was refunded.</Trans>
        </Alert>
      );
    case "expired":
    case "cancelled":
      return (
        <Alert>
          <Trans>This checkout was not completed. Nothing was charged.</Trans>
        </Alert>
      );
    case "failed":
      return (
        <Alert tone="error">
          <Trans>The payment failed. Nothing was charged; you can try again from the event page.</Trans>
        </Alert>
      );
  }
}
