/**
 * The offline service worker (Workbox): precaches the files its build listed (the embed, its chunks
 * and worker, the demo pages) in caches named by build version, keeps the language runtimes
 * (`runtimes/…`: Pyodide, SQLite, QuickJS) cache-first once first used, serves navigations network-first
 * with the last copy as the offline answer (the widget's page is kept at once), and waits for the
 * page's "Reload to update".
 * Plane: service worker; entry only. Contract: a new version never takes over a running page by
 * itself (no skipWaiting until the page asks); only `dsh-agent-*` caches of other versions are deleted.
 * @module workers/dsh-agent-sw
 */
/// <reference lib="webworker" />
import { cacheNames, setCacheNameDetails } from 'workbox-core'
import { getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope
/** Set by the build (scripts/vite-service-worker.ts): the precache list from the build output, and its hash. */
declare const __DSH_PRECACHE__: { url: string; revision: string }[]
declare const __DSH_SW_VERSION__: string

/** Named once, so the build writes the list once. */
const precache = __DSH_PRECACHE__
const PREFIX = 'dsh-agent'
setCacheNameDetails({ prefix: PREFIX, suffix: __DSH_SW_VERSION__ })
const pagesCache = `${PREFIX}-pages-${__DSH_SW_VERSION__}`
/** The language runtimes (`runtimes/<name>-<version>/…`, tens of MB): cached on first use, not precached; the version in the path makes an upgrade a new URL. */
const runtimesCache = `${PREFIX}-runtimes`
const RUNTIME_FILE = /\/runtimes\/[\w.-]+-\d[\w.-]*\/[\w.-]+$/

precacheAndRoute(precache)
// Pages outside the precache (a host site's own page): the network when it answers, else the copy of the last visit.
registerRoute(({ url }) => url.origin === self.location.origin && RUNTIME_FILE.test(url.pathname), new CacheFirst({ cacheName: runtimesCache }))
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: pagesCache, networkTimeoutSeconds: 4 })))

self.addEventListener('activate', (event) => {
  const current = new Set([cacheNames.precache, cacheNames.runtime, pagesCache, runtimesCache])
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(`${PREFIX}-`) && !current.has(name)).map((name) => caches.delete(name)))))
})

/**
 * How much of the precache is really in the cache (storage eviction empties it behind our back);
 * with `repair`, missing files are fetched again first (Workbox serves a miss from the network but
 * does not put it back).
 */
async function offlineStatus(repair: boolean): Promise<{ version: string; total: number; cached: number }> {
  const cache = await caches.open(cacheNames.precache)
  const present = await Promise.all(precache.map(async ({ url }) => {
    const key = getCacheKeyForURL(url)
    if (key === undefined) return false
    if ((await cache.match(key)) !== undefined) return true
    if (!repair) return false
    const response = await fetch(key, { cache: 'reload' }).catch(() => undefined)
    if (!response?.ok) return false
    await cache.put(key, response)
    return true
  }))
  return { version: __DSH_SW_VERSION__, total: present.length, cached: present.filter(Boolean).length }
}

/** The page that shows the widget, kept for offline use even before a navigation of it was served here (a host page is not precached). */
async function keepPage(url: string): Promise<void> {
  if (!url.startsWith(self.registration.scope) || getCacheKeyForURL(url) !== undefined) return
  const pages = await caches.open(pagesCache)
  if ((await pages.match(url)) === undefined) await pages.add(url).catch(() => undefined)
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; repair?: unknown; page?: unknown } | null
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (data?.type !== 'DSH_OFFLINE_STATUS') return
  const page = typeof data.page === 'string' ? keepPage(data.page) : Promise.resolve()
  event.waitUntil(page.then(() => offlineStatus(data.repair === true)).then((status) => event.ports[0]?.postMessage(status)))
})
