import { act, fireEvent, screen, within } from "@testing-library/react";
import { render } from "@/test/render";
import { beforeEach, describe, expect, it } from "vitest";
import { initAnalytics, track } from "@/lib/analytics";
import { getConsent, resetConsent } from "@/lib/consent";
import { ConsentBanner } from "./consent-banner";
import { CookieSettingsButton } from "./cookie-settings-button";

const banner = () => screen.queryByRole("region", { name: "Cookies on Gather" });
const gtmScript = () => document.getElementById("gtm");

beforeEach(() => {
  resetConsent();
  gtmScript()?.remove();
});

// One file, one page: GTM is configured halfway (as main.tsx would at start-up).
describe("consent banner", () => {
  it("stays away without a GTM container, but the footer link opens the choices", () => {
    render(
      <>
        <CookieSettingsButton />
        <ConsentBanner />
      </>,
    );
    expect(banner()).toBeNull();

    const opener = screen.getByRole("button", { name: "Cookie settings" });
    opener.focus();
    fireEvent.click(opener);
    const region = banner()!;
    // Only what matters here: no analytics question without a container.
    expect(within(region).queryByLabelText("Analytics")).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole("heading", { name: "Cookies on Gather" }));
    fireEvent.click(within(region).getByLabelText("Videos from YouTube and Vimeo"));
    fireEvent.click(within(region).getByRole("button", { name: "Save choices" }));

    expect(banner()).toBeNull();
    expect(getConsent()).toEqual({ analytics: false, media: true, decided: true });
    expect(document.activeElement).toBe(opener);
  });

  it("with a container: asks until a choice is made; Accept all loads GTM and lets events through", () => {
    delete window.dataLayer;
    initAnalytics({ gtmId: "GTM-TEST123" });
    render(<ConsentBanner />);
    const region = banner()!;
    expect(region).not.toBeNull();
    // Not a modal: nothing traps focus or hides the page.
    expect(region.getAttribute("aria-modal")).toBeNull();
    track({ event: "login", method: "password" });
    expect(gtmScript()).toBeNull();

    fireEvent.click(within(region).getByRole("button", { name: "Accept all" }));
    expect(banner()).toBeNull();
    expect(getConsent()).toEqual({ analytics: true, media: true, decided: true });
    expect(gtmScript()).not.toBeNull();
    track({ event: "login", method: "password" });
    const logins = window.dataLayer!.filter((e) => (e as { event?: string }).event === "login");
    expect(logins).toEqual([{ event: "login", method: "password" }]);
  });

  it("Reject all remembers the refusal; Settings offers both switches", () => {
    render(<ConsentBanner />);
    fireEvent.click(within(banner()!).getByRole("button", { name: "Settings" }));
    expect(within(banner()!).getByLabelText("Analytics")).toBeDefined();
    expect(within(banner()!).getByLabelText("Videos from YouTube and Vimeo")).toBeDefined();
    fireEvent.click(within(banner()!).getByRole("button", { name: "Reject all" }));
    expect(banner()).toBeNull();
    expect(getConsent()).toEqual({ analytics: false, media: false, decided: true });
  });

  it("closes with Escape when reopened from the footer, keeping the saved choice", () => {
    render(
      <>
        <CookieSettingsButton />
        <ConsentBanner />
      </>,
    );
    fireEvent.click(within(banner()!).getByRole("button", { name: "Reject all" }));
    fireEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    act(() => void fireEvent.keyDown(banner()!, { key: "Escape" }));
    expect(banner()).toBeNull();
    expect(getConsent().decided).toBe(true);
  });
});
