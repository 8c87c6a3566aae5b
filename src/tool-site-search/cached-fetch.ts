/**
 * Fetches the search files of the site: no cookies, a clear error for a missing file, and — where
 * the Cache API exists (browsers; not Node) — a copy of every file read, used when the network
 * fails, so a cached index keeps answering offline. Plane: worker/shared.
 * @module tool-site-search/cached-fetch
 */
import { SiteSearchError } from './errors.ts'

const CACHE = 'dsh-site-search'

export class MissingFileError extends SiteSearchError {
  constructor(readonly url: string, status: number) {
    super('SEARCH_UNAVAILABLE', `${url} answered HTTP ${status}`)
  }
}

async function openCache(): Promise<Cache | undefined> {
  try {
    return typeof caches === 'undefined' ? undefined : await caches.open(CACHE)
  } catch {
    return undefined // opaque origins and some private modes have no Cache API
  }
}

/** The bytes at `url`. @throws MissingFileError for a non-2xx answer; SiteSearchError SEARCH_UNAVAILABLE offline with no copy */
export async function fetchBytes(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const cache = await openCache()
  let response: Response
  try {
    response = await fetch(url, { credentials: 'omit', ...(signal ? { signal } : {}) })
  } catch (error) {
    signal?.throwIfAborted()
    const copy = await cache?.match(url)
    if (copy) return new Uint8Array(await copy.arrayBuffer())
    throw new SiteSearchError('SEARCH_UNAVAILABLE', `could not fetch ${url} (${error instanceof Error ? error.message : String(error)}) and no cached copy exists`)
  }
  if (!response.ok) throw new MissingFileError(url, response.status)
  const bytes = new Uint8Array(await response.arrayBuffer())
  await cache?.put(url, new Response(bytes as BlobPart, { headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' } })).catch(() => undefined)
  return bytes
}
