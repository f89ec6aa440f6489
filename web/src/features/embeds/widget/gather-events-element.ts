import { loadEmbedList } from "./embed-data";
import { pickLanguage, wordsFor } from "./embed-strings";
import { EMBED_STYLE, renderList, renderNote } from "./embed-view";

// Gather's pages are where this script came from; its API too unless the build names another
// (a hosted Supabase project, VITE_SUPABASE_URL), as the app does (lib/supabase-config.ts).
const APP = new URL(import.meta.url).origin;
const API = import.meta.env.VITE_SUPABASE_URL || APP;

/**
 * <gather-events group="slug"> or <gather-events event="slug">: the group's (or the event's)
 * upcoming public events, in a shadow root so the host page's styles and ours stay apart.
 * Optional: theme="dark", accent="#hex", limit="5", lang="fr".
 */
export class GatherEventsElement extends HTMLElement {
  static observedAttributes = ["group", "event", "limit", "lang", "accent"];
  private root = this.attachShadow({ mode: "open" });
  private loads = 0;

  connectedCallback() {
    void this.load();
  }

  attributeChangedCallback() {
    if (this.isConnected) void this.load();
  }

  private async load() {
    const load = ++this.loads;
    const language = pickLanguage([this.getAttribute("lang") ?? "", ...navigator.languages, navigator.language].filter(Boolean));
    const words = wordsFor(language);
    // The accent attribute wins over the page's --gather-accent, in either theme.
    const accent = this.getAttribute("accent");
    if (accent) this.style.setProperty("--gather-accent", accent);
    const style = `<style>${EMBED_STYLE}</style>`;
    this.root.innerHTML = style + renderNote(words.loading, true);
    const limit = Math.min(Math.max(Number(this.getAttribute("limit")) || 5, 1), 20);
    try {
      const list = await loadEmbedList(API, { group: this.getAttribute("group"), event: this.getAttribute("event") }, limit);
      if (load === this.loads) this.root.innerHTML = style + renderList(list, APP, words, language);
    } catch {
      if (load === this.loads) this.root.innerHTML = style + renderNote(words.error, false);
    }
  }
}
