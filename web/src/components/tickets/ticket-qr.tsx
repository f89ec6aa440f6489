import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The QR code as an SVG image: sharp at any size and in print. This module (and the qrcode
 * library) is loaded only when a ticket is shown, by an RSVP's ticket page or an order's page;
 * their catalogues carry its words (`failedText`), as nothing loads it statically.
 */
export default function TicketQr({ payload, label, failedText }: { payload: string; label: string; failedText: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2 })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [payload]);

  if (failed) {
    return (
      <p className="text-sm text-red-700">{failedText}</p>
    );
  }
  if (!src) return <Skeleton className="aspect-square w-full max-w-64" />;
  return <img src={src} alt={label} width={256} height={256} className="aspect-square w-full max-w-64 bg-white [image-rendering:pixelated]" />;
}
