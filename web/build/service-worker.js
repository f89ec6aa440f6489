// Gather's service worker (decision 0162), written to dist/sw.js by build/service-worker-plugin.ts,
// which fills in the build id and the files of the app shell. Hand-written and small on purpose:
// it only keeps the shell and hashed assets; everything else goes to the network untouched
// (APIs, storage, realtime), so it can never serve one member's data to another.
const VERSION = __BUILD_ID__;
const PRECACHE = __PRECACHE__;
const SHELL = `gather-shell-${VERSION}`;
const ASSETS = "gather-assets";
// Hashed files never change; this many is several versions of everything a visit uses.
const MAX_ASSETS = 300;
// Pages that open offline from the cached shell (the member's tickets, at the door); every
// other page offline gets the offline page.
const OFFLINE_PAGES = /^\/tickets\/[^/]+\/?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      await shell.addAll(["/index.html", "/offline.html", "/offline.js"]);
      const assets = await caches.open(ASSETS);
      await assets.addAll(PRECACHE);
    })(),
  );
  // No skipWaiting: a new version waits until every tab of the old one is closed, so an open
  // session never mixes two versions' files. It applies on the next visit.
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("gather-shell-") && name !== SHELL) await caches.delete(name);
      }
      await trimAssets();
      // The first visit's page is controlled at once, so what it loads next is kept.
      await self.clients.claim();
    })(),
  );
});

async function trimAssets() {
  const cache = await caches.open(ASSETS);
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (url.pathname === "/offline.js") event.respondWith(fromShell(request));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(asset(request));
});

/** Pages: always the network when there is one (fresh HTML, fresh heads); the shell or the offline page without. */
async function page(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.open(SHELL);
    const fallback = await shell.match(OFFLINE_PAGES.test(url.pathname) ? "/index.html" : "/offline.html");
    if (fallback) return fallback;
    throw error;
  }
}

/** The offline page's script: the network, else the copy kept with the shell. */
async function fromShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await (await caches.open(SHELL)).match("/offline.js");
    if (hit) return hit;
    throw error;
  }
}

/** Hashed assets: the cache first (they never change), else the network, kept for next time. */
async function asset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The page sends what it loaded before this worker controlled it (lib/service-worker.ts).
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "keep-assets" || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS);
      for (const href of data.urls) {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/")) continue;
        if (await cache.match(url.pathname)) continue;
        try {
          const response = await fetch(url.pathname);
          if (response.ok) await cache.put(url.pathname, response);
        } catch {
          // Offline again: kept on a later visit.
        }
      }
    })(),
  );
});

// Web Push (issue 33, decision 0338): the server sends `{ "title", "body", "url" }`; the worker
// shows it, and a click opens `url` — in a tab of the app already open when there is one.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Gather";
  const url = sameOriginPath(message.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      data: { url },
      // One notification per page: a newer one about the same event replaces the older.
      tag: url,
    }),
  );
});

/**
 * The page of `url` on this app's own origin: the server writes links with its site address,
 * which may be another name for this origin (behind a proxy), and a notification only ever opens
 * one of the app's pages.
 */
function sameOriginPath(url) {
  try {
    const target = new URL(typeof url === "string" && url ? url : "/", self.location.origin);
    return /^https?:$/.test(target.protocol) ? target.pathname + target.search + target.hash : "/";
  } catch {
    return "/";
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        try {
          await open.focus();
          // Only a tab this worker controls can be sent elsewhere; another opens a new one.
          if (await open.navigate(path)) return;
        } catch {
          // Not controlled by this worker (opened before it took over).
        }
      }
      await self.clients.openWindow(path);
    })(),
  );
});
