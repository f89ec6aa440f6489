import { fireEvent, screen, within } from "@testing-library/react";
import { render } from "@/test/render";
import { describe, expect, it, vi } from "vitest";
import type { Guest } from "../api/guest-list";
import { RsvpChart } from "./rsvp-chart";
import { TicketCodeForm } from "./ticket-code-form";

const guest = (status: Guest["status"], created_at: string): Guest => ({
  id: created_at, user_id: created_at, status, guests: 0, waitlist_position: null, checked_in_at: null,
  created_at, updated_at: created_at, profile: null,
});

describe("the RSVPs-over-time chart", () => {
  it("is an image named by its summary, with every number in a table", () => {
    render(
      <RsvpChart
        guests={[guest("going", "2026-11-01T12:00:00Z"), guest("going", "2026-11-03T12:00:00Z"), guest("pending", "2026-11-02T12:00:00Z")]}
        timeZone="UTC"
      />,
    );
    const chart = screen.getByRole("region", { name: "RSVPs over time" });
    const img = within(chart).getByRole("img");
    expect(img.tagName).toBe("svg");
    expect(img.getAttribute("aria-labelledby")).toBeTruthy();
    expect(document.getElementById(img.getAttribute("aria-labelledby")!)?.textContent).toMatch(/^2 people going by /);
    const rows = within(chart).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["DayNewTotal going", expect.stringMatching(/11$/), expect.stringMatching(/01$/), expect.stringMatching(/12$/)]);
  });

  it("says so when no one is going yet, without an empty chart", () => {
    render(<RsvpChart guests={[guest("pending", "2026-11-02T12:00:00Z")]} timeZone="UTC" />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText(/^No one is going yet\./)).toBeDefined();
  });
});

describe("typing a ticket code", () => {
  it("refuses what is not a code, and hands on a pasted one cleaned up", () => {
    const onCode = vi.fn();
    render(<TicketCodeForm busy={false} onCode={onCode} />);
    const box = screen.getByLabelText("Ticket code");
    fireEvent.change(box, { target: { value: "hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(screen.getByRole("alert").textContent).toMatch(/doesn't look like a ticket code/);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(onCode).not.toHaveBeenCalled();

    const code = "0b7e4a52-3c1d-4e8f-9a6b-2d5c8f1e7a90.4f3c2b1a0e9d8c7b6a5f4e3d2c1b0a99";
    fireEvent.change(box, { target: { value: ` ${code.toUpperCase()}\n` } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(onCode).toHaveBeenCalledWith(code);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
