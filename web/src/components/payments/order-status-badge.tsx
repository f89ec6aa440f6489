import { t } from "@lingui/core/macro";
import { Badge } from "@/components/ui/badge";
import type { Database } from "@/lib/database.types";

export type OrderStatus = Database["public"]["Enums"]["order_status"];

/** An order's status in words (decision 0280's states), as the buyer and the team read it. */
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case "pending": return t({ message: "Awaiting payment", comment: "An order's status" });
    case "processing": return t({ message: "Payment processing", comment: "An order's status" });
    case "paid": return t({ message: "Paid", comment: "An order's status" });
    case "partially_refunded": return t({ message: "Partly refunded", comment: "An order's status" });
    case "refunded": return t({ message: "Refunded", comment: "An order's status" });
    case "expired": return t({ message: "Expired", comment: "An order's status" });
    case "cancelled": return t({ message: "Cancelled", comment: "An order's status" });
    case "failed": return t({ message: "Payment failed", comment: "An order's status" });
  }
}

const TONE: Record<OrderStatus, "neutral" | "success" | "warning" | "danger" | "brand"> = {
  pending: "warning",
  processing: "warning",
  paid: "success",
  partially_refunded: "brand",
  refunded: "neutral",
  expired: "neutral",
  cancelled: "neutral",
  failed: "danger",
};

export function OrderStatusBadge({ status, size }: { status: OrderStatus; size?: "sm" | "md" }) {
  return (
    <Badge tone={TONE[status]} size={size}>
      {orderStatusLabel(status)}
    </Badge>
  );
}
