/**
 * The web-fetch allow-list: `self` (the host page's origin), a list of URL prefixes (which may
 * include `self`), or `off`. Resolves a model URL against the base (the host page's URL) and says
 * whether it may be fetched and whether it leaves the base's origin. Plane: shared; pure.
 * Contract: only http(s) URLs without credentials; a URL outside the list is refused before any request.
 * @module tool-web/policy
 */
import { WebFetchError } from './errors.ts'

export type WebFetchAllow = 'self' | 'off' | readonly string[]

export interface WebFetchPolicy {
  /** Normalized prefixes; `self` means the base's origin. */
  readonly allow: readonly string[]
  readonly base: URL | undefined
}

const MAX_URL_LENGTH = 2048

/** @throws TypeError naming the problem (bad base, relative prefix without a base, `self` without a base) */
export function webFetchPolicy(allow: WebFetchAllow, base?: string): WebFetchPolicy {
  let baseUrl: URL | undefined
  if (base !== undefined) {
    try {
      baseUrl = new URL(base)
    } catch {
      throw new TypeError(`webFetch.base must be an absolute URL, got ${JSON.stringify(base)}`)
    }
  }
  const entries = allow === 'off' ? [] : allow === 'self' ? ['self'] : [...allow]
  const normalized = entries.map((entry) => {
    if (typeof entry !== 'string') throw new TypeError('webFetch.allow entries must be strings')
    if (entry === 'self') {
      if (!baseUrl) throw new TypeError('webFetch.allow "self" needs webFetch.base (the URL "self" and relative URLs mean)')
      return 'self'
    }
    try {
      return new URL(entry, baseUrl).href
    } catch {
      throw new TypeError(`webFetch.allow entry ${JSON.stringify(entry)} is not a URL${baseUrl ? '' : ' (relative entries need webFetch.base)'}`)
    }
  })
  return { allow: normalized, base: baseUrl }
}

export const isOff = (policy: WebFetchPolicy): boolean => policy.allow.length === 0

/** The absolute URL the model meant. @throws WebFetchError WEB_INVALID_URL | WEB_BLOCKED_URL */
export function resolveUrl(policy: WebFetchPolicy, raw: string): URL {
  const text = raw.trim()
  if (text === '') throw new WebFetchError('WEB_INVALID_URL', 'url must be a non-empty string')
  if (text.length > MAX_URL_LENGTH) throw new WebFetchError('WEB_INVALID_URL', `url is longer than ${MAX_URL_LENGTH} characters`)
  let url: URL
  try {
    url = new URL(text, policy.base)
  } catch {
    throw new WebFetchError('WEB_INVALID_URL', `${JSON.stringify(text)} is not a valid URL${policy.base ? '' : ' (relative URLs need a base)'}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebFetchError('WEB_BLOCKED_URL', `only http and https URLs can be fetched, not ${url.protocol}`)
  if (url.username !== '' || url.password !== '') throw new WebFetchError('WEB_BLOCKED_URL', 'URLs with credentials cannot be fetched')
  url.hash = ''
  return url
}

export function isAllowed(policy: WebFetchPolicy, url: URL): boolean {
  return policy.allow.some((entry) => (entry === 'self' ? url.origin === policy.base!.origin : url.href.startsWith(entry)))
}

/** Whether `url` leaves the host page's origin (such fetches ask for approval under `ask`). */
export function isCrossOrigin(policy: WebFetchPolicy, url: URL): boolean {
  return policy.base === undefined || url.origin !== policy.base.origin
}

export function describeAllowList(policy: WebFetchPolicy): string {
  return policy.allow.map((entry) => (entry === 'self' ? `${policy.base!.origin}/ (this site)` : entry)).join(', ')
}

/** @throws WebFetchError WEB_NOT_ALLOWED naming the list */
export function assertAllowed(policy: WebFetchPolicy, url: URL, what = url.href): void {
  if (!isAllowed(policy, url)) throw new WebFetchError('WEB_NOT_ALLOWED', `${what} is outside the web-fetch allow-list (${describeAllowList(policy)}); it was not fetched`)
}
