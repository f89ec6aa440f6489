import { fireEvent, screen } from "@testing-library/react";
import { render } from "@/test/render";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { EventQuestion } from "@/components/questions/answer-form";
import { predictCancel, predictRsvp } from "../rsvp-prediction";
import { RsvpPanel, type RsvpPanelProps } from "./rsvp-panel";

const NOW = new Date("2030-01-01T00:00:00Z");
const event: RsvpPanelProps["event"] = {
  capacity: 30, waitlist_enabled: true, requires_approval: false, plus_ones_max: 1, status: "published",
  cancel_reason: null, starts_at: "2030-02-01T19:00:00Z", rsvp_closes_at: null,
};
const stats = { going_count: 4, waitlist_count: 0, spots_left: 26 };

function renderPanel(overrides: Partial<RsvpPanelProps> = {}) {
  const props: RsvpPanelProps = {
    event, stats, mine: null, signedIn: true, signInHref: "/auth/sign-in?next=x", busy: false,
    questions: [], onRsvp: vi.fn(), onCancel: vi.fn(), now: NOW, ...overrides,
  };
  render(<RsvpPanel {...props} />, { wrapper: MemoryRouter });
  return props;
}

describe("RSVP panel", () => {
  it("shows spots left and RSVPs with the chosen guests", () => {
    const props = renderPanel();
    expect(screen.getByTestId("spots-summary").textContent).toBe("26 of 30 spots left · 4 going");
    fireEvent.change(screen.getByLabelText("Guests you're bringing"), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "RSVP" }));
    expect(props.onRsvp).toHaveBeenCalledWith(1, undefined);
  });

  it("asks the event's questions and sends the answers only once the required ones are given", () => {
    const questions: EventQuestion[] = [
      { id: "q1", position: 1, kind: "single_choice", label: "T-shirt size", required: true, options: ["S", "M"] },
      { id: "q2", position: 2, kind: "phone", label: "Phone", required: false, options: null },
    ];
    const props = renderPanel({ questions });
    fireEvent.change(screen.getByLabelText("Phone (optional)"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "RSVP" }));
    expect(props.onRsvp).not.toHaveBeenCalled();
    expect(screen.getByText('Answer "T-shirt size".')).toBeDefined();
    expect(screen.getByText('Enter a phone number for "Phone", with 6 to 15 digits.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText("S"));
    fireEvent.click(screen.getByLabelText("M"));
    fireEvent.change(screen.getByLabelText("Phone (optional)"), { target: { value: "+33 6 12 34 56 78" } });
    expect(screen.queryByText('Answer "T-shirt size".')).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "RSVP" }));
    expect(props.onRsvp).toHaveBeenCalledWith(0, { q1: "M", q2: "+33 6 12 34 56 78" });
  });

  it("waits for the questions before offering to RSVP", () => {
    renderPanel({ questions: undefined });
    expect((screen.getByRole("button", { name: "RSVP" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the database's refusal on its question", () => {
    const questions: EventQuestion[] = [{ id: "q1", position: 1, kind: "number", label: "Age", required: true, options: null }];
    renderPanel({ questions, refused: { questionId: "q1", message: 'Enter a number for "Age".' } });
    expect(screen.getByText('Enter a number for "Age".')).toBeDefined();
    expect(screen.getByLabelText("Age (required)").getAttribute("aria-invalid")).toBe("true");
  });

  it("asks signed-out visitors to sign in, and comes back", () => {
    renderPanel({ signedIn: false });
    expect(screen.getByRole("link", { name: "Sign in to RSVP" }).getAttribute("href")).toBe("/auth/sign-in?next=x");
  });

  it("offers the waitlist when full, and says the place once on it", () => {
    renderPanel({ stats: { going_count: 30, waitlist_count: 2, spots_left: 0 } });
    expect(screen.getByTestId("spots-summary").textContent).toBe("No spots left · 30 going · 2 on the waitlist");
    expect(screen.getByRole("button", { name: "Join the waitlist" })).toBeDefined();
  });

  it("shows the waitlist position and a way off it", () => {
    const props = renderPanel({ mine: { status: "waitlisted", guests: 0, waitlist_place: 3 } });
    expect(screen.getByText("You're on the waitlist, number 3.")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Leave the waitlist" }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it("says you're going and lets you cancel", () => {
    renderPanel({ mine: { status: "going", guests: 1, waitlist_place: null } });
    expect(screen.getByText("You're going with 1 guest.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Cancel RSVP" })).toBeDefined();
  });

  it("is closed after the RSVP deadline, and says so when cancelled", () => {
    renderPanel({ now: new Date("2030-03-01T00:00:00Z") });
    expect(screen.getByText("RSVPs for this event are closed.")).toBeDefined();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says when the event was cancelled", () => {
    renderPanel({ event: { ...event, status: "cancelled", cancel_reason: "Venue flooded." } });
    expect(screen.getByText("This event was cancelled. Venue flooded.")).toBeDefined();
  });

  it("disables the action while a request is on its way", () => {
    renderPanel({ busy: true });
    expect((screen.getByRole("button", { name: "RSVP" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("optimistic RSVP guesses", () => {
  it("takes spots for you and your guests", () => {
    expect(predictRsvp(event, stats, 1)).toEqual({
      rsvp: { status: "going", guests: 1, waitlist_place: null },
      stats: { going_count: 5, waitlist_count: 0, spots_left: 24 },
    });
  });

  it("queues you when full and frees spots when you cancel", () => {
    const full = { going_count: 30, waitlist_count: 2, spots_left: 0 };
    expect(predictRsvp(event, full, 0).rsvp).toEqual({ status: "waitlisted", guests: 0, waitlist_place: 3 });
    expect(predictCancel({ status: "going", guests: 1, waitlist_place: null }, stats)).toEqual({
      going_count: 3, waitlist_count: 0, spots_left: 28,
    });
  });

  it("expects a pending request when hosts approve", () => {
    expect(predictRsvp({ ...event, requires_approval: true }, stats, 0).rsvp.status).toBe("pending");
  });
});
