/**
 * Reads a site's Pagefind bundle (`/pagefind/`) without Pagefind's browser JS: that JS compiles
 * WebAssembly, which a page under `script-src 'self'` (no 'wasm-unsafe-eval') forbids. The files
 * are Pagefind's documented fragments: `pagefind-entry.json` → the language's `pagefind.<hash>.pf_meta`
 * (pages and word ranges of index chunks), `index/<hash>.pf_index` (word → pages and weighted
 * locations, delta-encoded) and `fragment/<hash>.pf_fragment` (a page's URL, title, text, anchors),
 * each gzipped behind the `pagefind_dcd` signature. Plane: worker/shared (fetch, DecompressionStream).
 * Contract: files are fetched once per index (the promise is kept), misses load no chunk.
 * @module tool-site-search/pagefind-index
 */
import { decodeCbor, type CborValue } from './cbor.ts'
import { SiteSearchError } from './errors.ts'
import { matchesTerm, termRange } from './search-terms.ts'

const SIGNATURE = 'pagefind_dcd'

export interface PagefindFragment {
  url: string
  content: string
  word_count: number
  meta: { title?: string; [key: string]: string | undefined }
  anchors: { element: string; id: string; text: string; location: number }[]
}

export interface PagefindHit {
  page: number
  /** Weighted occurrences of the query's terms. */
  score: number
  /** How many of the query's terms the page holds. */
  terms: number
  /** Where (word index) each query term (by its index) matched. */
  locations: { at: number; term: number }[]
}

interface Chunk { from: string; to: string; hash: string }
interface Meta { pages: { hash: string; wordCount: number }[]; chunks: Chunk[] }
type Word = { word: string; pages: { page: number; locations: { at: number; weight: number }[] }[] }

export type Fetcher = (url: string) => Promise<Uint8Array>

async function unpack(bytes: Uint8Array, what: string): Promise<Uint8Array> {
  const signed = (data: Uint8Array) => new TextDecoder().decode(data.subarray(0, SIGNATURE.length)) === SIGNATURE
  if (signed(bytes)) return bytes.subarray(SIGNATURE.length) // the server already decoded its gzip
  let plain: Uint8Array
  try {
    plain = new Uint8Array(await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer())
  } catch {
    throw new SiteSearchError('SEARCH_INDEX_INVALID', `${what} is not gzip-compressed Pagefind data`)
  }
  if (!signed(plain)) throw new SiteSearchError('SEARCH_INDEX_INVALID', `${what} lacks Pagefind's pagefind_dcd signature`)
  return plain.subarray(SIGNATURE.length)
}

const list = (value: CborValue, what: string): CborValue[] => {
  if (!Array.isArray(value)) throw new SiteSearchError('SEARCH_INDEX_INVALID', `${what}: expected an array`)
  return value
}

function parseMeta(value: CborValue, what: string): Meta {
  const [, pages, chunks] = list(value, what)
  return {
    pages: list(pages, what).map((page) => { const [hash, wordCount] = list(page, what); return { hash: String(hash), wordCount: Number(wordCount) } }),
    chunks: list(chunks, what).map((chunk) => { const [from, to, hash] = list(chunk, what); return { from: String(from), to: String(to), hash: String(hash) } }),
  }
}

function parseChunk(value: CborValue, what: string): Word[] {
  const [words] = list(value, what)
  return list(words, what).map((entry) => {
    const [word, pages] = list(entry, what)
    let page = 0
    return {
      word: String(word),
      pages: list(pages, what).map((packed) => {
        const [delta, locations] = list(packed, what)
        page += Number(delta) // page numbers are delta-encoded
        let weight = 1
        let at = 0
        let afterWeight = true
        const decoded: { at: number; weight: number }[] = []
        for (const raw of list(locations, what)) {
          const n = Number(raw)
          // A negative entry sets the weight (-(24·w)-1); the next location is absolute, later ones deltas.
          if (n < 0) { weight = (-n - 1) / 24; afterWeight = true; continue }
          at = afterWeight ? n : at + n
          afterWeight = false
          decoded.push({ at, weight })
        }
        return { page, locations: decoded }
      }),
    }
  })
}

export class PagefindIndex {
  private meta: Promise<Meta> | undefined
  private readonly chunks = new Map<string, Promise<Word[]>>()
  private readonly fragments = new Map<string, Promise<PagefindFragment>>()

  /** `base` is the bundle's URL (ending in `/`). */
  constructor(readonly base: string, private readonly fetchBytes: Fetcher) {}

  private async loadMeta(): Promise<Meta> {
    const entryUrl = new URL('pagefind-entry.json', this.base).href
    let entry: { languages?: Record<string, { hash?: string; page_count?: number }> }
    try {
      entry = JSON.parse(new TextDecoder().decode(await this.fetchBytes(entryUrl))) as typeof entry
    } catch (error) {
      if (error instanceof SiteSearchError) throw error
      throw new SiteSearchError('SEARCH_INDEX_INVALID', `${entryUrl} is not JSON`)
    }
    const languages = Object.values(entry.languages ?? {}).filter((language) => typeof language.hash === 'string')
    // The language with the most pages (a site in one language has one).
    const language = languages.sort((a, b) => (b.page_count ?? 0) - (a.page_count ?? 0))[0]
    if (!language) throw new SiteSearchError('SEARCH_INDEX_INVALID', `${entryUrl} names no language index`)
    const metaUrl = new URL(`pagefind.${language.hash}.pf_meta`, this.base).href
    return parseMeta(decodeCbor(await unpack(await this.fetchBytes(metaUrl), metaUrl), metaUrl), metaUrl)
  }

  pageCount(): Promise<number> { return (this.meta ??= this.loadMeta()).then((meta) => meta.pages.length) }

  private chunk(hash: string): Promise<Word[]> {
    let chunk = this.chunks.get(hash)
    if (!chunk) {
      const url = new URL(`index/${hash}.pf_index`, this.base).href
      chunk = this.fetchBytes(url).then((bytes) => unpack(bytes, url)).then((plain) => parseChunk(decodeCbor(plain, url), url))
      chunk.catch(() => this.chunks.delete(hash))
      this.chunks.set(hash, chunk)
    }
    return chunk
  }

  fragment(page: number): Promise<PagefindFragment> {
    return (this.meta ??= this.loadMeta()).then((meta) => {
      const hash = meta.pages[page]?.hash
      if (hash === undefined) throw new SiteSearchError('SEARCH_INDEX_INVALID', `the index names no page ${page}`)
      let fragment = this.fragments.get(hash)
      if (!fragment) {
        const url = new URL(`fragment/${hash}.pf_fragment`, this.base).href
        fragment = this.fetchBytes(url).then((bytes) => unpack(bytes, url)).then((plain) => JSON.parse(new TextDecoder().decode(plain)) as PagefindFragment)
        fragment.catch(() => this.fragments.delete(hash))
        this.fragments.set(hash, fragment)
      }
      return fragment
    })
  }

  /** Pages holding the terms (stems and prefixes match), the most terms first, then by weighted score. */
  async search(terms: readonly string[]): Promise<PagefindHit[]> {
    const meta = await (this.meta ??= this.loadMeta())
    const hits = new Map<number, PagefindHit>()
    for (const [termIndex, term] of terms.entries()) {
      const range = termRange(term)
      const wanted = meta.chunks.filter((chunk) => chunk.to >= range.from && chunk.from <= range.to)
      const words = (await Promise.all(wanted.map((chunk) => this.chunk(chunk.hash)))).flat().filter((entry) => matchesTerm(entry.word, term))
      const seen = new Set<number>()
      const documents = new Set(words.flatMap((word) => word.pages.map((page) => page.page)))
      const idf = Math.log(1 + meta.pages.length / Math.max(1, documents.size))
      for (const word of words) {
        for (const { page, locations } of word.pages) {
          const hit = hits.get(page) ?? { page, score: 0, terms: 0, locations: [] }
          if (!seen.has(page)) { seen.add(page); hit.terms++ }
          const length = Math.sqrt(Math.max(1, meta.pages[page]?.wordCount ?? 1))
          for (const location of locations) {
            hit.score += (location.weight * idf) / length
            hit.locations.push({ at: location.at, term: termIndex })
          }
          hits.set(page, hit)
        }
      }
    }
    return [...hits.values()].sort((a, b) => b.terms - a.terms || b.score - a.score)
  }
}
