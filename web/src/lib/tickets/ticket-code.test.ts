import { describe, expect, it } from "vitest";
import { displayCode, parseTicketCode, ticketQrPayload } from "./ticket-code";

const CODE = "0b7e4a52-3c1d-4e8f-9a6b-2d5c8f1e7a90.4f3c2b1a0e9d8c7b6a5f4e3d2c1b0a99";

describe("ticket QR payloads", () => {
  it("links to the event's check-in screen with the code", () => {
    expect(ticketQrPayload("https://gather.example", "jazz-jam", CODE)).toBe(
      `https://gather.example/events/jazz-jam/check-in?code=${CODE}`,
    );
  });

  it("reads back a scanned link, whatever the host", () => {
    expect(parseTicketCode(ticketQrPayload("http://127.0.0.1:5173", "jazz-jam", CODE))).toBe(CODE);
  });

  it("reads a typed or pasted code with spaces, line breaks and capitals", () => {
    expect(parseTicketCode(`  ${CODE}\n`)).toBe(CODE);
    expect(parseTicketCode(CODE.toUpperCase())).toBe(CODE);
    expect(parseTicketCode(displayCode(CODE))).toBe(CODE);
    expect(parseTicketCode(`${CODE.slice(0, 40)}\n${CODE.slice(40)}`)).toBe(CODE);
  });

  it("refuses anything else: other QR codes, links without a code, cut-off codes", () => {
    expect(parseTicketCode("")).toBeNull();
    expect(parseTicketCode("WIFI:S:cafe;T:WPA;P:secret;;")).toBeNull();
    expect(parseTicketCode("https://example.com/menu")).toBeNull();
    expect(parseTicketCode("https://example.com/check-in?code=nope")).toBeNull();
    expect(parseTicketCode(CODE.slice(0, -1))).toBeNull();
    expect(parseTicketCode(CODE.replace(".", ""))).toBeNull();
    expect(parseTicketCode("http://[broken")).toBeNull();
  });

  it("groups the signature for reading", () => {
    expect(displayCode(CODE)).toBe(
      "0b7e4a52-3c1d-4e8f-9a6b-2d5c8f1e7a90.4f3c2b1a 0e9d8c7b 6a5f4e3d 2c1b0a99",
    );
  });
});
