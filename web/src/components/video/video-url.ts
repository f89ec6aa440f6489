// Which video a link points to. Only YouTube and Vimeo links are accepted (product.md §5), and
// only ids of the shapes those sites use, so nothing a host types reaches an iframe `src` as is.

export type VideoSource =
  | { kind: "youtube"; id: string }
  | { kind: "vimeo"; id: string }
  | { kind: "file"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

function toUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  try {
    // People paste "youtu.be/…" without the scheme.
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  // vimeo.com/<id>, vimeo.com/channels/<name>/<id>, player.vimeo.com/video/<id>
  const id = host === "player.vimeo.com" ? (segments[0] === "video" ? segments[1] : undefined) : segments.at(-1);
  return id && VIMEO_ID.test(id) ? id : null;
}

/** The YouTube or Vimeo video a link points to, or null for anything else. */
export function parseVideoUrl(input: string | null | undefined): VideoSource | null {
  if (!input) return null;
  const url = toUrl(input);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  const yt = youtubeId(url);
  if (yt) return { kind: "youtube", id: yt };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: "vimeo", id: vimeo };
  return null;
}

/** The player URL that is loaded after the viewer clicks play (privacy-enhanced modes). */
export function embedUrl(source: Exclude<VideoSource, { kind: "file" }>): string {
  return source.kind === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${source.id}?autoplay=1`
    : `https://player.vimeo.com/video/${source.id}?dnt=1&autoplay=1`;
}

/** The provider's name (a brand, the same in every language), for the consent text and the player's title. */
export function providerName(source: Exclude<VideoSource, { kind: "file" }>): string {
  return source.kind === "youtube" ? "YouTube" : "Vimeo";
}
