import { describe, expect, it } from "vitest";
import { csvField, csvFileName, guestListCsv, localDateTime } from "./guest-csv";

describe("CSV fields", () => {
  it("leaves plain values alone", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField(2)).toBe("2");
    expect(csvField(null)).toBe("");
  });

  it("quotes commas, quotes, line breaks and outer spaces, doubling inner quotes", () => {
    expect(csvField("Hopper, Grace")).toBe('"Hopper, Grace"');
    expect(csvField('Grace "Amazing" Hopper')).toBe('"Grace ""Amazing"" Hopper"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("defuses values a spreadsheet would run as formulas", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@me")).toBe("'@me");
    // Numbers are data, not text a person typed: no apostrophe.
    expect(csvField(-2)).toBe("-2");
  });
});

describe("the guest list CSV", () => {
  it("has a header and one CRLF-terminated row per guest, times in the event's zone", () => {
    const csv = guestListCsv(
      [
        {
          display_name: "Grace Hopper", username: "grace", email: "grace@example.com", status: "going", guests: 1,
          checked_in_at: "2026-11-25T18:05:00Z", created_at: "2026-11-01T09:30:00Z",
        },
        {
          display_name: "Linus, the Park", username: "linus", status: "waitlisted", guests: 0,
          checked_in_at: null, created_at: "2026-11-02T23:59:00Z",
        },
      ],
      "Europe/Berlin",
    );
    expect(csv.split("\r\n")).toEqual([
      "Name,Username,Email,Status,Guests,Checked in (Europe/Berlin),RSVP'd at (Europe/Berlin)",
      "Grace Hopper,grace,grace@example.com,Going,1,2026-11-25 19:05,2026-11-01 10:30",
      '"Linus, the Park",linus,,Waitlisted,0,,2026-11-03 00:59',
      "",
    ]);
  });

  it("lists walk-ins after the RSVPs: checked in when added, no username or RSVP time", () => {
    const csv = guestListCsv(
      [{ display_name: "Grace Hopper", username: "grace", status: "going", guests: 0, checked_in_at: null, created_at: "2026-11-01T09:30:00Z" }],
      "Europe/Berlin",
      [{ key: "q1", label: "Pace group" }],
      [
        { name: "Ana Walker", email: "ana@example.com", created_at: "2026-11-25T18:10:00Z" },
        { name: "Bo, at the door", email: null, created_at: "2026-11-25T18:20:00Z" },
      ],
    );
    expect(csv.split("\r\n")).toEqual([
      "Name,Username,Email,Status,Guests,Checked in (Europe/Berlin),RSVP'd at (Europe/Berlin),Pace group",
      "Grace Hopper,grace,,Going,0,,2026-11-01 10:30,",
      "Ana Walker,,ana@example.com,Walk-in,0,2026-11-25 19:10,,",
      '"Bo, at the door",,,Walk-in,0,2026-11-25 19:20,,',
      "",
    ]);
  });

  it("is just the header for an empty list", () => {
    expect(guestListCsv([], "UTC")).toBe("Name,Username,Email,Status,Guests,Checked in (UTC),RSVP'd at (UTC)\r\n");
  });

  it("formats local times across a DST change and names the file by slug and day", () => {
    expect(localDateTime("2026-07-01T12:00:00Z", "America/New_York")).toBe("2026-07-01 08:00");
    expect(localDateTime("2026-12-01T12:00:00Z", "America/New_York")).toBe("2026-12-01 07:00");
    expect(csvFileName("jazz-jam", new Date("2026-11-25T10:00:00Z"))).toBe("guests-jazz-jam-2026-11-25.csv");
  });
});
