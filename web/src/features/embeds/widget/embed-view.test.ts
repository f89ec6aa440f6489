import { describe, expect, it } from "vitest";
import type { EmbedList } from "./embed-data";
import { pickLanguage, wordsFor } from "./embed-strings";
import { EMBED_STYLE, renderList } from "./embed-view";

const APP = "https://gather.example";
const LIST: EmbedList = {
  heading: "Lisbon <Analytical> Society",
  groupPath: "/g/lisbon-analytical",
  events: [
    { slug: "free-talk", title: "Talk & tea", starts_at: "2026-12-03T18:30:00Z", timezone: "Europe/Lisbon", venue_name: "Café A", is_online: false, ticket_types: [] },
    { slug: "gala", title: "Winter gala", starts_at: "2026-12-10T20:00:00Z", timezone: "Europe/Lisbon", venue_name: null, is_online: true, ticket_types: [{ price: 0 }, { price: 1500 }] },
    { slug: "open-day", title: "Open day", starts_at: "2026-12-12T10:00:00Z", timezone: "Europe/Lisbon", venue_name: "Hall", is_online: false, ticket_types: [{ price: 0 }] },
  ],
};

/** The markup in a shadow root, as the element shows it. */
function mount(html: string): ShadowRoot {
  const host = document.createElement("div");
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${EMBED_STYLE}</style>${html}`;
  return root;
}

describe("<gather-events> rendering", () => {
  it("lists the events with named links to Gather that open a new tab, and the right action", () => {
    const root = mount(renderList(LIST, APP, wordsFor("en"), "en"));
    expect(root.querySelector("h2")?.textContent).toBe("Lisbon <Analytical> Society");
    const list = root.querySelector("ul")!;
    expect(list.getAttribute("aria-label")).toBe("Upcoming events");
    const items = [...list.querySelectorAll("li")];
    expect(items).toHaveLength(3);
    const buttons = items.map((li) => li.querySelector("a.b")!);
    expect(buttons.map((a) => a.textContent)).toEqual(["RSVP", "Buy tickets", "Get tickets"]);
    expect(buttons[0]!.getAttribute("aria-label")).toBe("RSVP: Talk & tea (opens Gather in a new tab)");
    expect(items[0]!.querySelector("a.t")!.getAttribute("aria-label")).toBe("Talk & tea (opens Gather in a new tab)");
    for (const a of root.querySelectorAll("a")) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener");
    }
    expect(buttons[1]!.getAttribute("href")).toBe(`${APP}/events/gala`);
    expect(items[1]!.textContent).toContain("Online");
    expect(items[0]!.querySelector("time")!.getAttribute("datetime")).toBe("2026-12-03T18:30:00Z");
    // 18:30 UTC is 18:30 in Lisbon in December: the event's own time zone.
    expect(items[0]!.querySelector("time")!.textContent).toMatch(/6:30\s?PM/);
    expect(root.querySelector<HTMLAnchorElement>("a.all")!.getAttribute("href")).toBe(`${APP}/g/lisbon-analytical`);
  });

  it("escapes what hosts wrote (no markup from a title gets in)", () => {
    const root = mount(renderList({ ...LIST, events: [{ ...LIST.events[0]!, title: '<img src=x onerror="alert(1)">' }] }, APP, wordsFor("en"), "en"));
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("a.t")!.textContent).toBe('<img src=x onerror="alert(1)">');
  });

  it("says there is nothing coming, in the reader's language", () => {
    const root = mount(renderList({ heading: null, groupPath: null, events: [] }, APP, wordsFor("de"), "de"));
    expect(root.querySelector("h2")!.textContent).toBe("Kommende Veranstaltungen");
    expect(root.querySelector("p")!.textContent).toBe("Keine kommenden Veranstaltungen.");
    expect(root.querySelector("ul")).toBeNull();
  });

  it("reads the reader's language among the five, English otherwise", () => {
    expect(pickLanguage(["pt-PT"])).toBe("pt-BR");
    expect(pickLanguage(["fr-CA", "en"])).toBe("fr");
    expect(pickLanguage(["it", "es-MX"])).toBe("es");
    expect(pickLanguage(["ja"])).toBe("en");
    for (const lang of ["en", "fr", "es", "de", "pt-BR"]) {
      const words = wordsFor(lang);
      expect(Object.values(words).every((w) => w.length > 0), lang).toBe(true);
      expect(Object.keys(words)).toHaveLength(10);
    }
  });
});
