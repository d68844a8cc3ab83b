// Keeps the page's files so that it opens again without a network (a phone
// on a train): every request goes to the network first, so a new build shows
// at once, and the last copy kept answers when there is no network.
const CACHE = "tomo-web";
const FILES = ["./", "index.html", "page.js", "micropython.mjs", "micropython.wasm", "bundle.json"];

self.addEventListener("install", e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", e => e.waitUntil(self.clients.claim()));

self.addEventListener("fetch", e => {
  if (e.request.method !== "GET") return;
  e.respondWith(fetch(e.request).then(response => {
    if (response.ok) {
      const copy = response.clone();
      e.waitUntil(caches.open(CACHE).then(c => c.put(e.request, copy)));
    }
    return response;
  }).catch(() => caches.match(e.request, { ignoreSearch: true })
    .then(kept => kept || Response.error())));
});
