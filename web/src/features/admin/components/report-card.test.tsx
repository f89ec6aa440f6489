import { fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { render } from "@/test/render";
import type { QueueItem } from "../api/admin-api";
import type { useModeration } from "../hooks/use-moderation";
import { ReportCard } from "./report-card";

const base: QueueItem = {
  report_id: "r1", report_ids: ["r1"], target_type: "comment", target_id: "t1", report_count: 1, reasons: ["Spam"],
  reporters: ["rita"], first_reported_at: "2026-11-20T10:00:00Z", last_reported_at: "2026-11-20T10:00:00Z",
  event_id: null, event_slug: null, event_title: null, comment_body: null, author_id: "u1", author_username: "sam",
  author_display_name: "Sam", author_suspended: false, hidden: false, hidden_at: null, target_missing: false,
  group_id: null, group_slug: null, group_name: null,
};

function actions() {
  const mutation = () => ({ mutate: vi.fn(), mutateAsync: vi.fn(), isPending: false });
  return { hide: mutation(), resolve: mutation(), suspend: mutation() } as unknown as ReturnType<typeof useModeration>;
}
const show = (item: QueueItem, a = actions()) => {
  render(
    <MemoryRouter>
      <ul>
        <ReportCard item={item} actions={a} />
      </ul>
    </MemoryRouter>,
  );
  return a;
};

describe("a reported album photo in the admin queue", () => {
  it("shows its thumbnail and event, and hides it", () => {
    const item: QueueItem = {
      ...base, target_type: "photo", target_id: "p1", event_id: "e1", event_slug: "harbour-walk", event_title: "Harbour walk",
      photo_path: "e1/abc.png", photo_caption: "Sunset",
    };
    const a = show(item);
    expect(screen.getByText("Photo")).toBeDefined();
    const img = screen.getByRole("img", { name: "Reported photo: Sunset" }) as HTMLImageElement;
    expect(img.src).toMatch(/\/storage\/v1\/render\/image\/public\/event-albums\/e1\/abc\.png\?width=320/);
    expect(screen.getByRole("link", { name: "Harbour walk" }).getAttribute("href")).toBe("/events/harbour-walk");
    expect(screen.getByText(/Uploaded by Sam/)).toBeDefined();
    expect(screen.queryByText("The photo was removed.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Hide photo" }));
    expect(a.hide.mutate).toHaveBeenCalledWith({ item, hidden: true });
  });

  it("says so when the photo is gone, and offers no hide", () => {
    show({ ...base, target_type: "photo", target_missing: true, photo_path: null });
    expect(screen.getByText("The photo was removed.")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Hide photo" })).toBeNull();
  });
});

describe("a reported private message in the admin queue", () => {
  it("shows the text and the two people; it can be resolved and its sender suspended, not hidden", () => {
    const item: QueueItem = {
      ...base, target_type: "message", target_id: "m1", message_body: "Buy cheap watches", recipient_id: "u2",
      recipient_username: "rita", recipient_display_name: "Rita",
    };
    const a = show(item);
    expect(screen.getByText("A private message")).toBeDefined();
    expect(screen.getByText("Buy cheap watches").tagName).toBe("BLOCKQUOTE");
    expect(screen.getByText(/Sent by Sam to Rita \(@sam\) → @rita/)).toBeDefined();
    expect(screen.queryByRole("button", { name: /^Hide/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Suspend sender" })).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Resolve" }));
    expect(a.resolve.mutate).toHaveBeenCalledWith({ item, status: "resolved" });
  });
});
