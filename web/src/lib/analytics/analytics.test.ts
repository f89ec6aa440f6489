import { beforeEach, describe, expect, it, vi } from "vitest";

// Each test gets fresh copies of the modules (their state is per page load) and a clean page.
async function load() {
  vi.resetModules();
  const analytics = await import("./index");
  const consent = await import("@/lib/consent");
  return { ...analytics, ...consent };
}

const gtmScript = () => document.getElementById("gtm") as HTMLScriptElement | null;
/** dataLayer entries as plain values: Arguments objects become arrays. */
const entries = () =>
  (window.dataLayer ?? []).map((e) =>
    Object.prototype.toString.call(e) === "[object Arguments]" ? Array.from(e as ArrayLike<unknown>) : e,
  );
const events = () => entries().filter((e) => !Array.isArray(e) && (e as { event?: string }).event);

beforeEach(() => {
  delete window.dataLayer;
  gtmScript()?.remove();
  localStorage.clear();
});

describe("analytics without a container id", () => {
  it("does nothing at all: no dataLayer, no script, track is dropped", async () => {
    const { initAnalytics, track, setConsent, isAnalyticsConfigured } = await load();
    initAnalytics({ gtmId: "" });
    setConsent({ analytics: true, media: true });
    track({ event: "login", method: "password" });
    expect(window.dataLayer).toBeUndefined();
    expect(gtmScript()).toBeNull();
    expect(isAnalyticsConfigured()).toBe(false);
  });
});

describe("analytics with a container id (Consent Mode v2, basic)", () => {
  it("pushes the all-denied consent default first and loads nothing before consent", async () => {
    const { initAnalytics, track } = await load();
    initAnalytics({ gtmId: "GTM-TEST123" });
    track({ event: "page_view", page_path: "/", page_title: "Discover events · Gather" });

    expect(entries()).toEqual([
      [
        "consent",
        "default",
        {
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          analytics_storage: "denied",
          wait_for_update: 500,
        },
      ],
    ]);
    // gtag's shape: an Arguments object, which GTM requires for consent commands.
    expect(Object.prototype.toString.call(window.dataLayer![0])).toBe("[object Arguments]");
    expect(gtmScript()).toBeNull();
  });

  it("grants, injects the container once with the nonce, then sends typed events", async () => {
    const { initAnalytics, track, setConsent } = await load();
    initAnalytics({ gtmId: "GTM-TEST123", nonce: "abc123" });
    setConsent({ analytics: true, media: false });
    setConsent({ analytics: true, media: true }); // a second save changes nothing for GTM
    track({ event: "rsvp", event_id: "e1", status: "going", guests: 1 });

    const script = gtmScript();
    expect(script?.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");
    expect(script?.async).toBe(true);
    expect(script?.nonce).toBe("abc123");
    expect(document.querySelectorAll("script#gtm")).toHaveLength(1);
    expect(entries().slice(1)).toEqual([
      ["consent", "update", { analytics_storage: "granted" }],
      { "gtm.start": expect.any(Number), event: "gtm.js" },
      { event: "rsvp", event_id: "e1", status: "going", guests: 1 },
    ]);
  });

  it("honours a choice stored on an earlier visit at start-up", async () => {
    localStorage.setItem("gather.consent.v1", JSON.stringify({ analytics: true, media: false }));
    const { initAnalytics } = await load();
    initAnalytics({ gtmId: "GTM-TEST123" });
    expect(entries()[1]).toEqual(["consent", "update", { analytics_storage: "granted" }]);
    expect(gtmScript()).not.toBeNull();
  });

  it("stops sending events when consent is withdrawn, and tells GTM", async () => {
    const { initAnalytics, track, setConsent } = await load();
    initAnalytics({ gtmId: "GTM-TEST123" });
    setConsent({ analytics: true, media: false });
    track({ event: "share", event_id: "e1", method: "copy_link" });
    setConsent({ analytics: false, media: false });
    track({ event: "share", event_id: "e2", method: "native" });

    expect(events().filter((e) => (e as { event: string }).event === "share")).toEqual([
      { event: "share", event_id: "e1", method: "copy_link" },
    ]);
    expect(entries().at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
  });

  it("a rejection keeps the container out and the dataLayer free of events", async () => {
    const { initAnalytics, track, setConsent } = await load();
    initAnalytics({ gtmId: "GTM-TEST123" });
    setConsent({ analytics: false, media: true });
    track({ event: "sign_up", method: "password" });
    expect(gtmScript()).toBeNull();
    expect(events()).toEqual([]);
  });
});

describe("consent store", () => {
  it("starts undecided with everything off, remembers a choice and tells subscribers", async () => {
    const { getConsent, setConsent, subscribeConsent, resetConsent } = await load();
    expect(getConsent()).toEqual({ analytics: false, media: false, decided: false });
    const seen: unknown[] = [];
    const stop = subscribeConsent((s) => seen.push(s));
    setConsent({ analytics: false, media: true });
    expect(getConsent()).toEqual({ analytics: false, media: true, decided: true });
    expect(JSON.parse(localStorage.getItem("gather.consent.v1")!)).toMatchObject({ analytics: false, media: true });
    resetConsent();
    stop();
    setConsent({ analytics: true, media: true });
    expect(seen).toEqual([
      { analytics: false, media: true, decided: true },
      { analytics: false, media: false, decided: false },
    ]);
  });

  it("follows a choice made in another tab, from the task after it loads", async () => {
    const { getConsent, subscribeConsent } = await load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen: unknown[] = [];
    subscribeConsent((s) => seen.push(s));
    localStorage.setItem("gather.consent.v1", JSON.stringify({ analytics: true, media: true }));
    window.dispatchEvent(new StorageEvent("storage", { key: "gather.consent.v1" }));
    expect(seen).toEqual([{ analytics: true, media: true, decided: true }]);
    expect(getConsent().analytics).toBe(true);
  });

  it("treats a corrupt stored value as undecided", async () => {
    localStorage.setItem("gather.consent.v1", "{not json");
    const { getConsent } = await load();
    expect(getConsent()).toEqual({ analytics: false, media: false, decided: false });
  });
});
