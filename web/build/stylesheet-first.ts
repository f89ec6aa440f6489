import type { Plugin } from "vite";

/**
 * Puts the built stylesheet ahead of the scripts in index.html's <head>. Vite writes the entry
 * script and its module preloads first; a browser then asks for them first, and on a phone's few
 * connections the one file the first paint waits for queues behind a dozen it does not
 * (decision 0168).
 */
export function stylesheetFirst(): Plugin {
  return {
    name: "gather-stylesheet-first",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const sheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        const first = html.search(/<script type="module"|<link rel="modulepreload"/);
        if (!sheets.length || first < 0) return html;
        const rest = sheets.reduce((h, tag) => h.replace(tag, ""), html);
        const at = rest.search(/<script type="module"|<link rel="modulepreload"/);
        return `${rest.slice(0, at)}${sheets.map((s) => s.trim()).join("\n    ")}\n    ${rest.slice(at)}`;
      },
    },
  };
}
