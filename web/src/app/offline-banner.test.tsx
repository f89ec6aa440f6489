import { act, screen } from "@testing-library/react";
import { render } from "@/test/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineBanner } from "./offline-banner";

afterEach(() => vi.restoreAllMocks());

describe("offline banner", () => {
  it("appears when the browser goes offline and goes away when it is back", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText(/You're offline/)).toBeNull();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(screen.getByText(/You're offline/)).toBeDefined();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(screen.queryByText(/You're offline/)).toBeNull();
  });
});
