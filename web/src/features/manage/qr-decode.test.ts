import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { ticketQrPayload } from "@/lib/tickets/ticket-code";
import { decodeFrame, isNewScan, SAME_CODE_PAUSE_MS } from "./qr-decode";

const CODE = "0b7e4a52-3c1d-4e8f-9a6b-2d5c8f1e7a90.4f3c2b1a0e9d8c7b6a5f4e3d2c1b0a99";

/** A real QR code (the qrcode library, as the ticket page draws it) painted as camera pixels. */
function frameOf(text: string, scale = 4, quiet = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = (modules.size + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
          pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
        }
      }
    }
  }
  return { pixels, size };
}

describe("decoding camera frames", () => {
  it("finds the ticket code in the QR code a ticket page shows", () => {
    const { pixels, size } = frameOf(ticketQrPayload("https://gather.example", "jazz-jam", CODE));
    expect(decodeFrame(pixels, size, size)).toEqual({ kind: "ticket", code: CODE });
  });

  it("accepts a QR code holding just the code", () => {
    const { pixels, size } = frameOf(CODE.toUpperCase());
    expect(decodeFrame(pixels, size, size)).toEqual({ kind: "ticket", code: CODE });
  });

  it("tells other QR codes apart, and finds nothing in a blank frame", () => {
    const menu = frameOf("https://cafe.example/menu");
    expect(decodeFrame(menu.pixels, menu.size, menu.size)).toEqual({ kind: "other" });
    const blank = new Uint8ClampedArray(200 * 200 * 4).fill(255);
    expect(decodeFrame(blank, 200, 200)).toEqual({ kind: "none" });
  });

  it("handles a ticket held in front of the camera once, until it has been away a while", () => {
    expect(isNewScan(CODE, null, 0)).toBe(true);
    expect(isNewScan(CODE, { code: CODE, at: 1000 }, 1000 + SAME_CODE_PAUSE_MS - 1)).toBe(false);
    expect(isNewScan(CODE, { code: CODE, at: 1000 }, 1000 + SAME_CODE_PAUSE_MS + 1)).toBe(true);
    expect(isNewScan("other", { code: CODE, at: 1000 }, 1001)).toBe(true);
  });
});
