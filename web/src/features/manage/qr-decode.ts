import jsQR from "jsqr";
import { parseTicketCode } from "@/lib/tickets/ticket-code";

export type FrameResult =
  | { kind: "ticket"; code: string }
  /** A QR code, but not one of our tickets (a menu, a Wi-Fi code). */
  | { kind: "other" }
  | { kind: "none" };

/** Looks for a ticket's QR code in one camera frame (RGBA pixels, as a canvas gives them). */
export function decodeFrame(pixels: Uint8ClampedArray, width: number, height: number): FrameResult {
  // Tickets are dark on light; skipping the inverted pass halves the work per frame.
  const found = jsQR(pixels, width, height, { inversionAttempts: "dontInvert" });
  if (!found) return { kind: "none" };
  const code = parseTicketCode(found.data);
  return code ? { kind: "ticket", code } : { kind: "other" };
}

/** Decoding every frame of a phone camera is wasted battery: ~5 a second is plenty. */
export const SCAN_INTERVAL_MS = 200;
/** The same ticket held in front of the camera is handled once, not again each frame. */
export const SAME_CODE_PAUSE_MS = 4000;

/** Whether a decoded code should be acted on, given the last one and when it was handled. */
export function isNewScan(code: string, last: { code: string; at: number } | null, now: number): boolean {
  return !last || last.code !== code || now - last.at > SAME_CODE_PAUSE_MS;
}
