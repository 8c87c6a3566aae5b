/**
 * Fetches one page from the worker: no cookies or HTTP auth (`credentials: 'omit'`), redirects
 * followed and the final `response.url` checked against the allow-list, the body read as a stream
 * under a byte cap, and its type classified as HTML or text. Plane: worker/shared (plain `fetch`).
 * Contract: a non-2xx answer is a result with its status, not an error; network failures say
 * whether the browser is offline or the server refused this site (CORS).
 * @module tool-web/fetch-page
 */
import { WebFetchError } from './errors.ts'
import { assertAllowed, type WebFetchPolicy } from './policy.ts'

export interface FetchedPage {
  url: string
  statusCode: number
  body: { kind: 'html' | 'text'; content: string }
}

export interface FetchLimits { maxBytes: number }

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])
const TEXT_TYPES = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-ndjson', 'application/markdown'])

function classify(url: string, header: string | null): { kind: 'html' | 'text'; charset: string } {
  const [type = '', ...params] = (header ?? '').split(';').map((p) => p.trim().toLowerCase())
  const charset = params.find((p) => p.startsWith('charset='))?.slice(8).replaceAll('"', '') || 'utf-8'
  if (HTML_TYPES.has(type)) return { kind: 'html', charset }
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || type.endsWith('+json') || type.endsWith('+xml')) return { kind: 'text', charset }
  throw new WebFetchError('WEB_UNSUPPORTED_CONTENT_TYPE', `${url} is ${type === '' ? 'of no declared type' : type}, not HTML or text; web_fetch reads only HTML and text pages`)
}

function decoderFor(url: string, charset: string): TextDecoder {
  try {
    return new TextDecoder(charset)
  } catch {
    throw new WebFetchError('WEB_UNSUPPORTED_CONTENT_TYPE', `${url} declares the unknown charset ${JSON.stringify(charset)}`)
  }
}

async function readCapped(response: Response, url: string, decoder: TextDecoder, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  const tooLarge = () => new WebFetchError('WEB_FETCH_TOO_LARGE', `${url} is larger than the ${maxBytes}-byte cap; fetch a more specific page`)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  let total = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

function networkFailure(url: URL, policy: WebFetchPolicy, error: unknown): WebFetchError {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return new WebFetchError('WEB_OFFLINE', `the browser is offline, so ${url.href} could not be fetched; try again once the network is back`)
  }
  const sameOrigin = policy.base !== undefined && url.origin === policy.base.origin
  const why = sameOrigin
    ? 'the server did not answer'
    : `the server did not answer, or it does not allow this site to read its pages (CORS: ${url.origin} sends no Access-Control-Allow-Origin for this site)`
  return new WebFetchError('WEB_FETCH_FAILED', `could not fetch ${url.href}: ${why} (${error instanceof Error ? error.message : String(error)})`)
}

/** @throws WebFetchError, or the abort reason when `signal` aborts */
export async function fetchPage(url: URL, policy: WebFetchPolicy, limits: FetchLimits, signal?: AbortSignal): Promise<FetchedPage> {
  let response: Response
  try {
    response = await fetch(url.href, { credentials: 'omit', redirect: 'follow', headers: { accept: 'text/html, text/*;q=0.9, */*;q=0.1' }, ...(signal ? { signal } : {}) })
  } catch (error) {
    signal?.throwIfAborted()
    throw networkFailure(url, policy, error)
  }
  const finalUrl = response.url === '' ? url.href : response.url
  try {
    if (finalUrl !== url.href) assertAllowed(policy, new URL(finalUrl), `${url.href} redirected to ${finalUrl}, which`)
    const { kind, charset } = classify(finalUrl, response.headers.get('content-type'))
    const content = await readCapped(response, finalUrl, decoderFor(finalUrl, charset), limits.maxBytes)
    return { url: finalUrl, statusCode: response.status, body: { kind, content } }
  } catch (error) {
    await response.body?.cancel().catch(() => undefined)
    signal?.throwIfAborted()
    if (error instanceof WebFetchError && error.code === 'WEB_NOT_ALLOWED') throw new WebFetchError('WEB_REDIRECT_BLOCKED', error.message)
    throw error
  }
}
